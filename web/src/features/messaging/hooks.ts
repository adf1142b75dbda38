import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useFallbackPoll } from '../../lib/live/LiveProvider';
import { POLL_MS } from '../../lib/live/policy';
import {
  MESSAGE_PAGE_SIZE,
  fetchMessages,
  sendMessage,
  threadQuery,
  unlockMessage,
  uploadMessageAttachment,
  type ChatMessage,
  type SendMessageInput,
} from './api';
import {
  conversationsQuery,
  updateConversations,
  type ConversationPages,
} from './conversation-pages';
import { isTooLarge } from './format';
import { uploadFailureLines } from './upload-failure';
import { upsertMessages, withConversationRead, withNewMessage, type MessageThread } from './thread';
import { walletKeys, messagingKeys } from '../../lib/query-keys';

/**
 * The conversation list, page by page (`fetchNextPage` for older ones); polled every 1.5 s
 * only while the live socket is down (a poll reads again every page held).
 */
export function useConversations() {
  return useInfiniteQuery({
    ...conversationsQuery(),
    refetchInterval: useFallbackPoll(POLL_MS.conversations),
    refetchOnMount: 'always',
  });
}

/**
 * One conversation's messages; polled every 3 s (new ones only) while the socket is down.
 * Every fetch reads the conversation, which clears its unread count on the server.
 */
export function useThread(conversationId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...threadQuery(queryClient, conversationId),
    refetchInterval: useFallbackPoll(POLL_MS.messages),
    staleTime: 0,
  });
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt === 0) return;
    queryClient.setQueryData<ConversationPages>(messagingKeys.conversations(), (data) =>
      updateConversations(data, (list) => withConversationRead(list, conversationId)),
    );
  }, [conversationId, dataUpdatedAt, queryClient]);
  return query;
}

/** Loads the page of messages before the oldest one held. */
export function useOlderMessages(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const key = messagingKeys.thread(conversationId);
      const oldest = queryClient.getQueryData<MessageThread>(key)?.messages[0];
      if (!oldest) return;
      const page = await fetchMessages(conversationId, {
        before: oldest.id,
        limit: MESSAGE_PAGE_SIZE,
      });
      queryClient.setQueryData<MessageThread>(key, (thread) =>
        thread
          ? {
              ...thread,
              messages: upsertMessages(thread.messages, page),
              hasOlder: page.length >= MESSAGE_PAGE_SIZE,
            }
          : thread,
      );
    },
  });
}

function addToCache(queryClient: QueryClient, conversationId: number, message: ChatMessage) {
  queryClient.setQueryData<MessageThread>(messagingKeys.thread(conversationId), (thread) =>
    thread ? { ...thread, messages: upsertMessages(thread.messages, [message]) } : thread,
  );
  queryClient.setQueryData<ConversationPages>(messagingKeys.conversations(), (data) =>
    updateConversations(data, (list) => withNewMessage(list, conversationId, message)),
  );
}

export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendMessage(conversationId, input),
    onSuccess: (message) => addToCache(queryClient, conversationId, message),
    onError: (error) => console.warn('Message send failed:', error),
  });
}

/** Posts the spec's call announcement: a system message naming the call room. */
export function useAnnounceCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { conversationId: number; roomId: string; text: string }) =>
      sendMessage(input.conversationId, {
        text: input.text,
        isSystem: true,
        roomId: input.roomId,
      }),
    onSuccess: (message, input) => addToCache(queryClient, input.conversationId, message),
    onError: (error) => console.warn('Call announcement failed:', error),
  });
}

/** Unlocking charges the wallet: the message comes back whole and the wallet is refetched. */
export function useUnlockMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => unlockMessage(messageId),
    onSuccess: (message) => {
      queryClient.setQueryData<MessageThread>(messagingKeys.thread(conversationId), (thread) =>
        thread ? { ...thread, messages: upsertMessages(thread.messages, [message]) } : thread,
      );
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
    onError: (error) => console.warn('Message unlock failed:', error),
  });
}

// ---------------------------------------------------------------------------------------------
// Attachments

export interface PendingFile {
  key: string;
  name: string;
  size: number;
  type: string;
  progress: number;
  /** The upload's id once it is stored. */
  id?: string;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

let fileCounter = 0;

/**
 * Files of the message being written. Each is uploaded as soon as it is picked or dropped
 * (with progress); files over 10 GB are refused and skipped (spec §5). Sending waits until
 * no upload is running.
 */
export function useAttachmentUploads() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const own = new AbortController();
    controller.current = own;
    return () => own.abort();
  }, []);

  const patch = (key: string, change: Partial<PendingFile>) =>
    setFiles((current) =>
      current.map((file) => (file.key === key ? { ...file, ...change } : file)),
    );

  const add = useCallback(
    async (picked: File[]) => {
      if (picked.length === 0) {
        setErrors([t('messaging.composer.noFiles')]);
        return;
      }
      const messages: string[] = [];
      const accepted: File[] = [];
      for (const file of picked) {
        if (isTooLarge(file)) messages.push(t('messaging.composer.tooLarge', { name: file.name }));
        else accepted.push(file);
      }
      setErrors(messages);
      if (accepted.length === 0) return;

      const entries = accepted.map((file) => {
        fileCounter += 1;
        return { key: `file-${fileCounter}`, file };
      });
      setFiles((current) => [
        ...current,
        ...entries.map(({ key, file }) => ({
          key,
          name: file.name,
          size: file.size,
          type: file.type,
          progress: 0,
        })),
      ]);
      const signal = controller.current?.signal;
      const results = await Promise.allSettled(
        entries.map(async ({ key, file }) => {
          const uploaded = await uploadMessageAttachment(
            file,
            (progress) => patch(key, { progress }),
            signal,
          );
          patch(key, { id: uploaded.id, progress: 1 });
        }),
      );
      if (signal?.aborted) return;
      const failures = entries.flatMap(({ key, file }, index) => {
        const result = results[index];
        return result?.status === 'rejected'
          ? [{ key, name: file.name, error: result.reason }]
          : [];
      });
      if (failures.length === 0) return;
      const failedKeys = new Set(failures.map((failure) => failure.key));
      setFiles((current) => current.filter((file) => !failedKeys.has(file.key)));
      if (failures.some((failure) => isAbort(failure.error))) return;
      console.warn('Attachment upload failed:', failures[0]?.error);
      const lines = uploadFailureLines(failures, failures.length === entries.length, t);
      setErrors((current) => [...current, ...lines]);
    },
    [t],
  );

  const remove = useCallback((key: string) => {
    setFiles((current) => current.filter((file) => file.key !== key));
  }, []);

  const reset = useCallback(() => {
    setFiles([]);
    setErrors([]);
  }, []);

  const uploading = files.some((file) => file.id === undefined);
  const ids = files.flatMap((file) => (file.id ? [file.id] : []));
  return { files, errors, uploading, ids, add, remove, reset };
}
