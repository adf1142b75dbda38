import type { Database } from '../../db/client.ts';
import { excerpt, openGraphTags } from '../../lib/open-graph.ts';
import type { MediaSigner } from '../media/index.ts';
import { findUserByIdOrUsername } from '../profiles/index.ts';
import { isHiddenFrom, NOBODY } from '../users/index.ts';
import { isPostFullyPublic, isPostPublishedFor, placeholderContent } from './policy.ts';
import * as repo from './repo.ts';

/** The Open Graph facts of a post page, before they are written as HTML. */
export type SharePreview = {
  title: string;
  description: string;
  /** Absolute; the post's own picture only when the post is fully public. */
  image: string | undefined;
  url: string;
};

/** The stored object behind a public post's preview image. */
export type PreviewImageSource = { uploadId: string; variant: 'feed' | 'poster' | 'original' };

/** What a post's card shows, before it is drawn (`lib/share-card.ts`). */
type PostCardFacts =
  | { kind: 'picture'; source: PreviewImageSource }
  | { kind: 'text'; handle: string; text: string; avatarUploadId: string | null }
  | { kind: 'neutral'; handle: string };

/** A post's text for a card; a media-only post's placeholder ("Posted an image") is none. */
function textOf(content: string): string {
  const placeholders = [placeholderContent('image'), placeholderContent('video')];
  return placeholders.includes(content) ? '' : excerpt(content);
}

/**
 * What a link to `/posts/:id` shows where it is pasted. Unfurlers run no JavaScript and sign in
 * to nothing, so they are answered as nobody: a post only they could see as anyone can (a free
 * or ungated creator, no password, no price, published and playable, an author neither
 * suspended nor deleted) gives its text and its picture (or a card of its text); any other
 * post of a visible author says only whose it is, on a neutral card with the name alone. A post nobody may know of (a draft, a video still
 * in the making, a suspended author's, any post of a locked profile) gives nothing, as a missing
 * one does.
 */
export function createSharePreviews(deps: {
  db: Database;
  /** Unused since cards moved to stable addresses (issue 32); services.ts still passes it. */
  signer: MediaSigner;
  publicUrl: string;
}) {
  const { db, publicUrl } = deps;

  /** The post, its author and whether it is fully public; undefined when nobody may know it. */
  async function publicFacts(postId: number) {
    const row = await repo.findPostFor(db, NOBODY, postId);
    if (!row || !isPostPublishedFor(row, NOBODY)) return undefined;
    const author = await findUserByIdOrUsername(db, String(row.post.authorId));
    if (!author || (await isHiddenFrom(db, NOBODY, author.id))) return undefined;
    // A locked profile's posts are as unknown as missing ones: a card naming the author would
    // tell who keeps posts behind a profile password.
    if (author.isProfileLocked) return undefined;
    return { row, author, isPublic: isPostFullyPublic(row, author) };
  }

  /** The picture of a fully public post, for `GET /og/posts/:id.jpg`; undefined otherwise. */
  async function imageSource(postId: number): Promise<PreviewImageSource | undefined> {
    const facts = await publicFacts(postId);
    if (!facts?.isPublic) return undefined;
    const { row } = facts;
    if (row.post.imageId) {
      return { uploadId: row.post.imageId, variant: row.imageVariants?.feed ? 'feed' : 'original' };
    }
    if (row.post.videoId && row.videoVariants?.poster) {
      return { uploadId: row.post.videoId, variant: 'poster' };
    }
    return undefined;
  }

  /**
   * What `/og/posts/:id.jpg` draws, or undefined when the post gives no card: a fully public
   * post's picture, else its text with the author's avatar; a gated post only whose it is.
   */
  async function cardFacts(postId: number): Promise<PostCardFacts | undefined> {
    const facts = await publicFacts(postId);
    if (!facts) return undefined;
    const { row, author, isPublic } = facts;
    const handle = `@${author.username}`;
    if (!isPublic) return { kind: 'neutral', handle };
    const picture = await imageSource(postId);
    if (picture) return { kind: 'picture', source: picture };
    return {
      kind: 'text',
      handle,
      text: textOf(row.post.content) || `A post by ${handle} on Zura`,
      avatarUploadId: author.profileImageId,
    };
  }

  return {
    imageSource,
    cardFacts,

    async preview(postId: number): Promise<SharePreview | undefined> {
      const facts = await publicFacts(postId);
      if (!facts) return undefined;
      const { row, author, isPublic } = facts;
      const handle = `@${author.username}`;
      const url = `${publicUrl}/posts/${postId}`;
      // Every post with a card has one at a stable address (a signed media URL expires); a
      // gated post's shows only whose it is (`cardFacts`).
      const card = `${publicUrl}/og/posts/${postId}.jpg`;
      if (!isPublic) {
        return {
          title: `Post by ${handle}`,
          description: `Subscribe to ${handle} on Zura`,
          image: card,
          url,
        };
      }
      const text = textOf(row.post.content);
      return {
        title: `Post by ${handle}`,
        description: text || `A post by ${handle} on Zura`,
        image: card,
        url,
      };
    },
  };
}

export type SharePreviews = ReturnType<typeof createSharePreviews>;

/** `/posts/123` or `/posts/123/`: the post page a shared link opens. */
const POST_PAGE = /^\/posts\/([1-9]\d{0,15})\/?$/;

/** The tags to put in the `<head>` of the app served for `pathname`, if it is a post page. */
export async function sharePreviewHead(
  previews: SharePreviews,
  pathname: string,
): Promise<string | undefined> {
  const id = Number(POST_PAGE.exec(pathname)?.[1]);
  if (!Number.isSafeInteger(id)) return undefined;
  const preview = await previews.preview(id);
  return (
    preview &&
    openGraphTags({
      type: 'article',
      ...preview,
      largeImage: true,
    })
  );
}
