import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { errorBody } from '../../lib/errors.ts';
import { listFullyPublicPosts } from '../posts/index.ts';
import { publishesToFediverse } from './publishing-setting.ts';
import { ownText, textToHtml } from './objects.ts';
import { filesOf, mediaTypeOf, publicMediaPaths, type PublicPostRow } from './public-media.ts';
import { type ActorUser, findProfileUser } from './repo.ts';

/** Entries in a feed: readers poll it and keep what they saw. */
const FEED_ENTRIES = 20;
const TITLE_LENGTH = 80;

/**
 * Text safe inside XML 1.0: escaped, and without the characters XML cannot hold at all (C0
 * controls but tab and line ends, lone surrogates, U+FFFE and U+FFFF), which a post may contain.
 */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A post's title for a reader's list: its first words, or whose post it is. */
function titleOf(content: string, handle: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat === '') return `Post by ${handle}`;
  return flat.length <= TITLE_LENGTH ? flat : `${flat.slice(0, TITLE_LENGTH - 1).trimEnd()}…`;
}

/** The Atom document of a user's newest fully public posts. */
function atomFeed(user: ActorUser, rows: readonly PublicPostRow[], publicUrl: string) {
  const profile = `${publicUrl}/profile/${encodeURIComponent(user.username)}`;
  const self = `${profile}/feed.atom`;
  const handle = `@${user.username}`;
  const media = publicMediaPaths(publicUrl);
  const updated = rows[0]?.post.createdAt ?? user.createdAt;
  const entries = rows.map((row) => {
    const page = `${publicUrl}/posts/${row.post.id}`;
    const enclosures = filesOf(row).map((file, index) => {
      const type = mediaTypeOf(row, file);
      const typeAttr = type ? ` type="${xmlText(type)}"` : '';
      return `    <link rel="enclosure" href="${xmlText(media.postFile(row.post.id, index))}"${typeAttr}/>`;
    });
    const published = row.post.createdAt.toISOString();
    return [
      '  <entry>',
      `    <id>${xmlText(page)}</id>`,
      `    <title>${xmlText(titleOf(ownText(row.post.content), handle))}</title>`,
      `    <published>${published}</published>`,
      `    <updated>${published}</updated>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(page)}"/>`,
      ...enclosures,
      `    <content type="html">${xmlText(textToHtml(ownText(row.post.content)))}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(self)}</id>`,
    `  <title>${xmlText(`${handle} on Zura`)}</title>`,
    `  <updated>${updated.toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(profile)}"/>`,
    `  <author><name>${xmlText(handle)}</name><uri>${xmlText(profile)}</uri></author>`,
    ...(user.profileImageId ? [`  <icon>${xmlText(media.avatar(user.id))}</icon>`] : []),
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/**
 * `GET /profile/:user/feed.atom`: a creator's fully public posts for feed readers, the same
 * posts the outbox federates (a locked profile's feed has none). Unknown and suspended
 * accounts answer 404.
 */
export function registerAtomFeed(app: FastifyInstance, deps: { db: Database; publicUrl: string }) {
  const { db, publicUrl } = deps;
  app.get<{ Params: { user: string } }>(
    '/profile/:user/feed.atom',
    { schema: { hide: true } },
    async (request, reply) => {
      const user = await findProfileUser(db, request.params.user);
      if (!user) return reply.status(404).send(errorBody('not_found', 'No such profile.'));
      // A creator who does not publish to the fediverse has an empty feed.
      const page = (await publishesToFediverse(db, user.id))
        ? await listFullyPublicPosts(db, user, undefined, FEED_ENTRIES)
        : { posts: [] };
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(atomFeed(user, page.posts, publicUrl));
    },
  );
}

/** A profile page's head with the link to its feed, for readers that find feeds from a page. */
export function withFeedLink(head: string | undefined, pathname: string): string | undefined {
  const segment = /^\/profile\/([^/]{1,100})\/?$/.exec(pathname)?.[1];
  if (!head || !segment || segment === 'edit') return head;
  const href = `/profile/${segment}/feed.atom`;
  return `${head}\n    <link rel="alternate" type="application/atom+xml" href="${xmlText(href)}" />`;
}
