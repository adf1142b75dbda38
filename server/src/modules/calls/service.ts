import { CALL_OVER, CALL_RING_SECONDS, type CallSummary } from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import type { CallRow, MessageRow } from '../../db/schema/index.ts';
import type { EventBus, LiveEvent } from '../../events/bus.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import { findConversationByPair } from '../messaging/index.ts';
import { iceServersFor } from './ice.ts';
import { effectiveState, presentCall } from './presenter.ts';
import * as repo from './repo.ts';
import { parseRoom, type TicketSigner } from './tickets.ts';

export type CallsService = ReturnType<typeof createCallsService>;

export const PEER_KEY = 'peerjs';
export const PEER_PATH = '/peerjs';

const CALL_NOT_FOUND = 'Call not found.';
const OPEN_STATES: CallRow['state'][] = ['ringing', 'answered'];

export function createCallsService(deps: {
  db: Database;
  tickets: TicketSigner;
  ice: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined };
  bus: EventBus;
}) {
  const { db, bus } = deps;

  /** Both sides hear every change: the callee's overlay stops ringing, the chips redraw. */
  async function publish(summaries: CallSummary[]) {
    const events: LiveEvent[] = summaries.flatMap((call) =>
      [call.caller_id, call.callee_id]
        .filter((id) => id !== null)
        .map((userId) => ({ userId, frame: { type: 'call' as const, call } })),
    );
    await bus.publish(events);
  }

  /** The caller's call, or 404 for anyone else: a call of others is not said to exist. */
  async function callOf(userId: number, callId: number) {
    const found = await repo.findCall(db, callId);
    if (!found || (found.call.callerId !== userId && found.call.calleeId !== userId)) {
      throw new NotFoundError(CALL_NOT_FOUND);
    }
    return found;
  }

  /** Moves the call and tells both sides; 409 when it was over before this request moved it. */
  async function move(
    found: repo.CallWithCaller,
    from: CallRow['state'][],
    to: CallRow['state'],
  ): Promise<CallSummary> {
    const moved = await repo.moveCall(db, found.call.id, from, to);
    if (!moved) {
      const now = await repo.findCall(db, found.call.id);
      throw new ConflictError(
        now?.call.state === 'answered' ? 'This call was answered already.' : CALL_OVER,
      );
    }
    const summary = presentCall(moved, found.callerUsername);
    await publish([summary]);
    return summary;
  }

  return {
    /**
     * The call a chat announcement starts (messaging calls it after writing the message): it
     * rings at the callee's every tab, and any call of the room still open is over.
     */
    async announce(
      message: Pick<MessageRow, 'id' | 'conversationId' | 'senderId' | 'roomId'>,
      callerUsername: string,
    ): Promise<CallSummary> {
      const { roomId, senderId: callerId } = message;
      const room = roomId === null ? undefined : parseRoom(roomId);
      const calleeId = room?.find((id) => id !== callerId);
      if (
        roomId === null ||
        callerId === null ||
        calleeId === undefined ||
        !room?.includes(callerId)
      ) {
        throw new BadRequestError("System messages must name this conversation's call room.");
      }
      const { opened, closed } = await repo.insertRingingCall(db, {
        conversationId: message.conversationId,
        messageId: message.id,
        roomId,
        callerId,
        calleeId,
      });
      const summary = presentCall(opened, callerUsername);
      await publish([...closed.map((row) => presentCall(row, callerUsername)), summary]);
      return summary;
    },

    /** The calls these messages announce, by message id, for a page of the chat. */
    async callsOfMessages(messageIds: number[]): Promise<Map<number, CallSummary>> {
      const rows = await repo.callsOfMessages(db, messageIds);
      return new Map(
        rows.map((row) => [row.call.messageId, presentCall(row.call, row.callerUsername)]),
      );
    },

    /**
     * The calls ringing for this user now: a tab whose socket was away (hidden, offline) while a
     * call started asks on reconnecting, and rings.
     */
    async ringing(userId: number): Promise<CallSummary[]> {
      const rows = await repo.ringingFor(db, userId, CALL_RING_SECONDS);
      return rows.map((row) => presentCall(row.call, row.callerUsername));
    },

    /** The callee takes the call (on any tab: the others stop ringing). */
    async answer(userId: number, callId: number) {
      const found = await callOf(userId, callId);
      if (found.call.calleeId !== userId) {
        throw new BadRequestError('Only the person called can answer the call.');
      }
      if (
        found.call.callerId !== null &&
        (await isBlockedEitherWay(db, userId, found.call.callerId))
      ) {
        throw new ForbiddenError('You cannot call this user.');
      }
      if (effectiveState(found.call) !== 'ringing') {
        throw new ConflictError(
          found.call.state === 'answered' ? 'This call was answered already.' : CALL_OVER,
        );
      }
      return move(found, ['ringing'], 'answered');
    },

    /** The callee turns the call down: it is missed, and the caller's overlay hears so. */
    async decline(userId: number, callId: number) {
      const found = await callOf(userId, callId);
      if (found.call.calleeId !== userId) {
        throw new BadRequestError('Only the person called can decline the call; hang up instead.');
      }
      if (effectiveState(found.call) !== 'ringing') {
        throw new ConflictError(
          found.call.state === 'answered' ? 'This call was answered already.' : CALL_OVER,
        );
      }
      return move(found, ['ringing'], 'missed');
    },

    /**
     * Either side hangs up: a call that rang unanswered is missed, an answered one ended. A call
     * over already answers as it is, so a second hang-up (both sides, or a retry) is no error.
     */
    async end(userId: number, callId: number) {
      const found = await callOf(userId, callId);
      const state = effectiveState(found.call);
      if (state === 'ringing')
        return move(found, ['ringing'], 'missed').catch(() => current(callId));
      if (state === 'answered')
        return move(found, ['answered'], 'ended').catch(() => current(callId));
      if (found.call.state === 'ringing') {
        // Rang out with nobody writing it down: write it now, with its ring-out time.
        const summary = presentCall(found.call, found.callerUsername);
        await repo.moveCall(db, callId, ['ringing'], 'missed');
        await publish([summary]);
        return summary;
      }
      return presentCall(found.call, found.callerUsername);
    },

    /**
     * A ticket for the caller's own peer id in a room of a conversation they take part in, good
     * while the caller's session lasts. Naming the call (the web always does) refuses a call
     * that is over with 409, so an old chat's Join cannot wait for ever on nobody.
     */
    async ticket(userId: number, sessionId: number, roomId: string, callId?: number) {
      const room = parseRoom(roomId);
      if (!room || !room.includes(userId)) {
        throw new BadRequestError('Not a call room of yours: use room_{smaller id}_{larger id}.');
      }
      const [low, high] = room;
      const conversation = await findConversationByPair(deps.db, low, high);
      if (!conversation) throw new NotFoundError('Start a conversation before calling.');
      if (await isBlockedEitherWay(deps.db, low, high)) {
        throw new ForbiddenError('You cannot call this user.');
      }
      if (callId !== undefined) {
        const found = await repo.findCall(db, callId);
        if (!found || found.call.roomId !== roomId) throw new NotFoundError(CALL_NOT_FOUND);
        if (!OPEN_STATES.includes(effectiveState(found.call))) throw new ConflictError(CALL_OVER);
      }
      const peerId = `${roomId}_${userId}`;
      return {
        room_id: roomId,
        peer_id: peerId,
        token: deps.tickets.issue(peerId, sessionId),
        key: PEER_KEY,
        path: PEER_PATH,
        ice_servers: iceServersFor(userId, deps.ice),
      };
    },
  };

  async function current(callId: number) {
    const found = await repo.findCall(db, callId);
    if (!found) throw new NotFoundError(CALL_NOT_FOUND);
    return presentCall(found.call, found.callerUsername);
  }
}
