import type { CallSummary } from '@zura/contracts';
import Upload from 'lucide-react/icons/upload';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Conversation } from '../api';
import { useAttachmentUploads, useThread } from '../hooks';
import { ConversationHeader } from './ConversationHeader';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';

export interface ConversationPaneProps {
  conversation: Conversation;
  selfId: number | null;
  canLock: boolean;
  onStartCall: () => void;
  callDisabled: boolean;
  onJoinCall?: (call: CallSummary) => void;
  panelOpen: boolean;
  onTogglePanel: () => void;
  panelId: string;
}

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * One open conversation: header, messages and composer. Files dragged over any part of it
 * show 'Drop files here to upload' and are attached when dropped.
 */
export function ConversationPane({
  conversation,
  selfId,
  canLock,
  onStartCall,
  callDisabled,
  onJoinCall,
  panelOpen,
  onTogglePanel,
  panelId,
}: ConversationPaneProps) {
  const { t } = useTranslation();
  const thread = useThread(conversation.id);
  const uploads = useAttachmentUploads();
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  const messages = thread.data?.messages ?? [];
  const lastFromOther = messages.findLast(
    (message) => message.sender !== null && message.sender !== selfId && !message.is_system,
  );
  // Only the other user's own messages say when they were active.
  const lastActive = lastFromOther?.created_at || null;

  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    void uploads.add(Array.from(event.dataTransfer.files));
  };

  return (
    <section
      aria-label={conversation.other_user.username}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className="relative flex min-w-0 flex-1 flex-col"
    >
      <ConversationHeader
        conversation={conversation}
        lastActive={lastActive}
        onStartCall={onStartCall}
        callDisabled={callDisabled}
        panelOpen={panelOpen}
        onTogglePanel={onTogglePanel}
        panelId={panelId}
      />
      <MessageList
        conversationId={conversation.id}
        thread={thread}
        username={conversation.other_user.username}
        selfId={selfId}
        onJoinCall={onJoinCall}
      />
      <MessageComposer conversationId={conversation.id} uploads={uploads} canLock={canLock} />

      {dragging && (
        <div className="pointer-events-none absolute inset-2 z-10 flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-violet-400 bg-violet-50/90 text-violet-700">
          <Upload className="size-8" aria-hidden />
          <p className="text-base font-semibold">{t('messaging.composer.dropHere')}</p>
        </div>
      )}
    </section>
  );
}
