import { Temporal as Polyfill } from '@js-temporal/polyfill';
import { Create, Image, Note, PUBLIC_COLLECTION, Video } from '@fedify/vocab';
import { escapeHtml } from '../../lib/escape-html.ts';
import { placeholderContent } from '../posts/index.ts';
import { filesOf, mediaTypeOf, publicMediaPaths, type PublicPostRow } from './public-media.ts';

/** Text as HTML that shows it as written: escaped, paragraphs and line breaks kept. */
export function textToHtml(text: string): string {
  return escapeHtml(text)
    .split(/\r?\n\s*\r?\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * A date as the Temporal instant Fedify's vocabulary takes. Node 24 has no Temporal, so it is the
 * polyfill's (which Fedify uses too); TypeScript's own Temporal types differ from the polyfill's
 * only in their declarations, hence the cast.
 */
/**
 * A post's own text: a media-only post stores the spec's placeholder ("Posted an image"), which
 * the web app hides, and so do we.
 */
export function ownText(content: string): string {
  return content === placeholderContent('image') || content === placeholderContent('video')
    ? ''
    : content;
}

export const instantOf = (date: Date): Temporal.Instant =>
  Polyfill.Instant.fromEpochMilliseconds(date.getTime()) as unknown as Temporal.Instant;

/** The addresses a post's objects name: the actor, its followers, the post page. */
export type NoteUris = {
  actor: URL;
  followers: URL;
  publicUrl: string;
};

/**
 * A fully public post as a `Note` inside its `Create`: its text, its page, and its files at
 * their stable public addresses. Only ever called with a post `isPostFullyPublic` let through;
 * a gated post has no object at all (no teaser in this phase).
 */
export function createOfPost(row: PublicPostRow, uris: NoteUris): Create {
  const paths = publicMediaPaths(uris.publicUrl);
  const { post } = row;
  const noteId = new URL(`/ap/posts/${post.id}`, uris.publicUrl);
  const attachments = filesOf(row).map((file, index) => {
    const values = {
      url: new URL(paths.postFile(post.id, index)),
      mediaType: mediaTypeOf(row, file) ?? null,
    };
    return file.kind === 'image' ? new Image(values) : new Video(values);
  });
  const published = instantOf(post.createdAt);
  const note = new Note({
    id: noteId,
    attribution: uris.actor,
    to: PUBLIC_COLLECTION,
    cc: uris.followers,
    content: textToHtml(ownText(post.content)),
    published,
    url: new URL(`/posts/${post.id}`, uris.publicUrl),
    attachments,
    // Zura keeps no per-post content warning; a post shown to anyone is not marked sensitive.
    sensitive: false,
  });
  return new Create({
    id: new URL(`/ap/posts/${post.id}#create`, uris.publicUrl),
    actor: uris.actor,
    object: note,
    to: PUBLIC_COLLECTION,
    cc: uris.followers,
    published,
  });
}
