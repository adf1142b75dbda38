import { describe, expect, it } from 'vitest';
import { person } from './lib/economy.ts';
import { expectHidden, expectVisible } from './lib/expect.ts';
import { expectImageLoaded, naturalSize, pngFile } from './lib/images.ts';
import {
  expectBadge,
  expectConversationOpen,
  expectNoReload,
  markDocument,
  messagesViaApi,
  openConversation,
  recordLiveSocket,
  sendText,
  startConversationViaApi,
} from './lib/messaging.ts';
import { uniqueName } from './lib/server.ts';
import { useMessagingPeople } from './lib/messaging-people.ts';

/**
 * Messages between two people, each in a browser context of their own (engagement spec §2:
 * Messages; §5): a chat in real time, an attachment and a refused one. The unread badges and a
 * paid message are in `messaging-unread-paid.e2e.test.ts`.
 */

const { harnessPageOf, otherPageOf } = useMessagingPeople();

/** The text of a message frame of the live socket. */
function messageTexts(frames: Record<string, unknown>[]): string[] {
  return frames.map((frame) => String((frame.message as { text?: unknown } | undefined)?.text));
}

describe('messages between two people', () => {
  it('chats in real time: started from the profile, each side sees the other without a reload', async () => {
    const alice = await person();
    const bob = await person();
    const alicePage = await harnessPageOf(alice);
    const bobPage = await otherPageOf(bob);
    const aliceLive = recordLiveSocket(alicePage);
    const bobLive = recordLiveSocket(bobPage);

    // Alice starts the conversation from Bob's profile.
    await alicePage.goto(`/profile/${bob.username}`);
    const main = alicePage.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: bob.username, level: 1 }));
    await main.getByRole('button', { name: 'Message', exact: true }).click();
    const aliceChat = await expectConversationOpen(alicePage, bob.username);
    await expectVisible(aliceChat.log.getByText('No messages yet. Start a conversation!'));
    // The header links to Bob's profile; nobody has written, so no 'Last active'.
    await expectVisible(
      aliceChat.pane.getByRole('link', { name: `View profile of ${bob.username}`, exact: true }),
    );
    expect(await aliceChat.pane.getByText(/^Last active:/).count()).toBe(0);

    // Bob has Messages open: the new conversation is his only one.
    const bobChat = await openConversation(bobPage, alice.username);
    await expectVisible(bobChat.log.getByText('No messages yet. Start a conversation!'));
    const bobChats = bobPage.getByRole('complementary', { name: 'Recent Chats', exact: true });
    await expectVisible(bobChats.getByRole('button').filter({ hasText: alice.username }));

    // Both listen on the live socket; from here on neither page is reloaded.
    await aliceLive.expectConnected();
    await bobLive.expectConnected();
    await markDocument(alicePage);
    await markDocument(bobPage);

    const hello = `Hi Bob, ${uniqueName('hello')}`;
    await sendText(aliceChat, hello);
    await expectVisible(bobChat.log.getByText(hello, { exact: true }));
    // It came over the socket, not from a reload or a poll.
    expect(messageTexts(bobLive.ofType('message'))).toContain(hello);
    await expectNoReload(bobPage);
    // Bob's header now knows when Alice was active; his list previews her message.
    await expectVisible(bobChat.pane.getByText('Last active: Today', { exact: true }));
    await expectVisible(bobChats.getByRole('button').filter({ hasText: hello }));

    const reply = `Hello Alice! ${uniqueName('reply')}`;
    await sendText(bobChat, reply);
    await expectVisible(aliceChat.log.getByText(reply, { exact: true }));
    expect(messageTexts(aliceLive.ofType('message'))).toContain(reply);
    await expectNoReload(alicePage);
    await expectNoReload(bobPage);

    // Same order on both screens: the greeting, then the reply.
    for (const chat of [aliceChat, bobChat]) {
      const shown = await chat.log.getByText(/^(Hi Bob|Hello Alice)/).allInnerTexts();
      expect(shown).toEqual([hello, reply]);
    }
    // Each has read what arrived while the conversation was open: no unread badge.
    await expectBadge(alicePage, 'Messages', 0);
    await expectBadge(bobPage, 'Messages', 0);
  });

  it('sends a PNG attachment that the other side sees as a preview at most 200 px high', async () => {
    const alice = await person();
    const bob = await person();
    const conversation = await startConversationViaApi(alice.tokens.access, bob.id);
    const alicePage = await harnessPageOf(alice);
    const bobPage = await otherPageOf(bob);
    const bobLive = recordLiveSocket(bobPage);

    const aliceChat = await openConversation(alicePage, bob.username);
    const bobChat = await openConversation(bobPage, alice.username);
    await bobLive.expectConnected();
    await markDocument(bobPage);

    // A tall image, so the 200 px cap matters; picked with the composer's file input.
    const image = pngFile(`${uniqueName('tall')}.png`, 640, 960);
    await aliceChat.files.setInputFiles(image);
    const attached = aliceChat.attachedFiles.getByRole('listitem').filter({ hasText: image.name });
    await expectVisible(attached);
    // It uploads at once; Send waits for it, then needs no text.
    await expectHidden(attached.getByRole('progressbar'));
    await expect.poll(() => aliceChat.send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await aliceChat.send.click();
    await expectHidden(aliceChat.attachedFiles);

    for (const chat of [bobChat, aliceChat]) {
      const preview = chat.log.getByRole('img', { name: image.name, exact: true });
      await expectImageLoaded(preview, 20_000);
      const box = await preview.boundingBox();
      expect(box, 'the preview should have a box').not.toBeNull();
      expect(box?.height ?? 0).toBeLessThanOrEqual(200.5);
      expect(box?.height ?? 0).toBeGreaterThan(150);
      // Bigger than shown: the cap, not the file, limits it.
      expect((await naturalSize(preview)).height).toBeGreaterThan(200);
      // The preview opens the file.
      await expectVisible(chat.log.getByRole('link', { name: `Open ${image.name}`, exact: true }));
    }
    await expectNoReload(bobPage);
    expect(bobLive.ofType('message').length).toBeGreaterThan(0);
    // Recent Chats previews a message of files only as media.
    await expectVisible(
      bobPage
        .getByRole('complementary', { name: 'Recent Chats', exact: true })
        .getByRole('button')
        .filter({ hasText: alice.username })
        .getByText('📷 Media', { exact: true }),
    );
    // The server has it as an attachment of the message.
    const [message] = (await messagesViaApi(bob.tokens.access, conversation.id)).slice(-1);
    expect(message?.attachments).toHaveLength(1);
  });

  it('explains a refused attachment with the server’s reason and the allowed types', async () => {
    const alice = await person();
    const bob = await person();
    await startConversationViaApi(alice.tokens.access, bob.id);
    const chat = await openConversation(await harnessPageOf(alice), bob.username);
    const problems = chat.pane
      .getByRole('form', { name: 'Write a message', exact: true })
      .getByRole('alert');
    const allowed =
      'Allowed file types: JPEG, PNG, GIF, WebP, AVIF, MP4, WebM, MOV, MKV, OGV, MP3, M4A, OGG, WAV, FLAC, AAC, PDF, ZIP.';
    const notAccepted =
      "The file's contents are not an image, video, audio file, PDF or ZIP, which message_attachment accepts.";

    // The picker offers what the server takes.
    const accept = (await chat.files.getAttribute('accept'))?.split(',') ?? [];
    expect(accept).toEqual(expect.arrayContaining(['image/png', 'application/pdf', '.mkv']));

    // A text file (the server reads the bytes): its reason, the types, nothing attached.
    await chat.files.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('just some notes\n'.repeat(8)),
    });
    await expectVisible(problems.getByText(`File upload failed: ${notAccepted}`, { exact: true }));
    await expectVisible(problems.getByText(allowed, { exact: true }));
    expect(await chat.attachedFiles.count()).toBe(0);
    expect(await chat.send.isEnabled()).toBe(false);

    // A program beside a picture: the picture uploads; the program is named, with the reason.
    const image = pngFile(`${uniqueName('ok')}.png`, 64, 64);
    const program = {
      name: 'setup.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(254)]),
    };
    await chat.files.setInputFiles([image, program]);
    await expectVisible(problems.getByText('Upload failed for: setup.exe', { exact: true }));
    await expectVisible(problems.getByText(notAccepted, { exact: true }));
    await expectVisible(problems.getByText(allowed, { exact: true }));
    const attached = chat.attachedFiles.getByRole('listitem');
    await expect
      .poll(() => attached.allInnerTexts())
      .toEqual([expect.stringContaining(image.name)]);
    await expect.poll(() => chat.send.isEnabled(), { timeout: 15_000 }).toBe(true);
  });
});
