import {
  LEAK_TRACE_MAX_BYTES,
  LEAK_TRACE_MAX_IMAGE_BYTES,
  MAX_POST_FILES,
  profileUpdateRequest,
} from '@zura/contracts';
import { z } from 'zod';
import { UPLOAD_CONTEXTS } from '../db/schema/index.ts';

/**
 * The request bodies of the routes that read their body themselves (multipart forms, the
 * payment provider's signed webhook) and so have no `schema.body` to document it from. The
 * fields are the ones each handler reads; keep them in step with the route.
 */

type JsonSchema = Record<string, unknown>;
type Content = Record<string, { schema: JsonSchema; encoding?: Record<string, unknown> }>;
export type RequestBody = { required: boolean; description?: string; content: Content };

const text = (description: string): JsonSchema => ({ type: 'string', description });
const flag = (description: string): JsonSchema => ({
  type: 'string',
  enum: ['true', 'false'],
  description,
});
const file = (description: string): JsonSchema => ({
  type: 'string',
  format: 'binary',
  contentMediaType: 'application/octet-stream',
  description,
});
const jsonText = (description: string): JsonSchema =>
  text(`${description} Sent as JSON text (\`contentMediaType: application/json\`).`);

function form(properties: Record<string, JsonSchema>, required: string[] = []): Content {
  return {
    'multipart/form-data': {
      schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
    },
  };
}

const jsonSchemaOf = (schema: z.ZodType): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  });
  return rest;
};

const images = {
  profile_image: file('A new profile image (JPEG, PNG, WebP or GIF).'),
  cover_image: file('A new cover image (JPEG, PNG, WebP or GIF).'),
};

/** The profile's fields as form text: JSON for lists and objects, `true`/`false` for flags. */
function profileFormFields(): Record<string, JsonSchema> {
  const json = jsonSchemaOf(profileUpdateRequest) as { properties?: Record<string, JsonSchema> };
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([name, schema]) => [
      name,
      schema.type === 'string'
        ? schema
        : schema.type === 'boolean'
          ? flag(String(schema.description ?? name))
          : jsonText(String(schema.description ?? name)),
    ]),
  );
}

/** The leak tracer's form: the suspected copy alone. */
function leakTraceBody(reach: string): RequestBody {
  return {
    required: true,
    description: `A suspected leaked copy ${reach}: a re-encoded, resized, cropped or screenshotted image, or a re-encoded video.`,
    content: form(
      {
        file: file(
          `The suspected copy: an image (JPEG, PNG, WebP or GIF, up to ${LEAK_TRACE_MAX_IMAGE_BYTES / 1024 ** 2} MB) or a video (MP4, MOV, WebM or Matroska, up to ${LEAK_TRACE_MAX_BYTES / 1024 ** 3} GB).`,
        ),
      },
      ['file'],
    ),
  };
}

export function requestBodies(): Record<string, RequestBody> {
  return {
    'POST /api/posts/': {
      required: true,
      description: 'A new post as a form: its text, flags and up to the media files it shows.',
      content: form({
        content: text('The text of the post (may be empty when media is attached).'),
        is_locked: flag('Only subscribers (or buyers) see it.'),
        is_draft: flag('Keep it as a draft instead of publishing it.'),
        visible_mark: flag(
          "Draw each viewer's name on their copies of its gated images (and over its videos); left out, the author's default (`visible_mark_default` of the profile) applies.",
        ),
        publish_at: {
          type: 'string',
          format: 'date-time',
          description: 'Publish at this time: the post is a scheduled draft until then.',
        },
        password: text('A password that unlocks the post for anyone who knows it.'),
        media_type: {
          type: 'string',
          enum: ['image', 'video'],
          description: 'What `media` holds.',
        },
        price_cents: text('The price to unlock the post, in whole cents.'),
        subscriber_price_cents: text('The price for subscribers, in whole cents.'),
        media: {
          type: 'array',
          maxItems: MAX_POST_FILES,
          items: file('An image or a video of the post.'),
          description: `Up to ${MAX_POST_FILES} files, each sent as a \`media\` part.`,
        },
      }),
    },
    'POST /api/creator/leak-trace/': leakTraceBody('of your own gated images'),
    'POST /api/admin/leak-trace/': leakTraceBody('of any gated image on this instance'),
    'POST /api/uploads/': {
      required: true,
      description: 'One file to keep in the library, and what it is for.',
      content: form(
        {
          file: file('The file itself.'),
          context: {
            type: 'string',
            enum: [...UPLOAD_CONTEXTS],
            description: 'What the file is for.',
          },
        },
        ['file'],
      ),
    },
    'PUT /api/auth/profile/': {
      required: true,
      description:
        'The fields to change, as JSON; or as a form, which may also carry the images themselves.',
      content: {
        'application/json': { schema: jsonSchemaOf(profileUpdateRequest) },
        ...form({ ...profileFormFields(), ...images }),
      },
    },
    'POST /api/auth/creator-application/': {
      required: true,
      description: 'The creator application, as a form with the profile images.',
      content: form({
        username: text('The username to become a creator under.'),
        bio: text('What the creator posts about.'),
        category: text('The main category.'),
        subcategories: jsonText('A list of subcategories.'),
        tags: jsonText('A list of tags.'),
        vibes: jsonText('A list of vibes.'),
        social_links: jsonText('An object of social links by network.'),
        ...images,
      }),
    },
    'POST /api/wallet/webhooks/stripe/': {
      required: true,
      description:
        'A Stripe event, exactly as Stripe sent it: the `Stripe-Signature` header is checked ' +
        'against these bytes.',
      content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
    },
  };
}
