import { describe, expect, it } from 'vitest';
import { parseServerFrame } from './frames';

describe('parseServerFrame', () => {
  it('reads the known frames', () => {
    expect(parseServerFrame('{"type":"unread_counts","messages":2,"notifications":5}')).toEqual({
      type: 'unread_counts',
      messages: 2,
      notifications: 5,
    });
    expect(
      parseServerFrame('{"type":"message","conversation_id":3,"message":{"id":1}}'),
    ).toMatchObject({ type: 'message', conversation_id: 3 });
    expect(
      parseServerFrame('{"type":"notification","notification":{"id":9},"replay":true}'),
    ).toMatchObject({ type: 'notification', replay: true });
  });

  it('reads the progress of an own video', () => {
    expect(
      parseServerFrame(
        '{"type":"upload_processing","upload_id":"u1","state":"failed","progress":3,"error":"Too long."}',
      ),
    ).toEqual({
      type: 'upload_processing',
      upload_id: 'u1',
      state: 'failed',
      progress: 3,
      error: 'Too long.',
    });
    expect(
      parseServerFrame(
        '{"type":"upload_processing","upload_id":"u1","state":"processing","progress":50}',
      ),
    ).toMatchObject({ state: 'processing', progress: 50 });
    expect(
      parseServerFrame('{"type":"upload_processing","upload_id":"u1","progress":50}'),
    ).toBeUndefined();
  });

  it('ignores anything else', () => {
    expect(parseServerFrame('not json')).toBeUndefined();
    expect(parseServerFrame('{"type":"surprise"}')).toBeUndefined();
    expect(parseServerFrame('{"type":"unread_counts"}')).toBeUndefined();
    expect(parseServerFrame(new ArrayBuffer(2))).toBeUndefined();
    expect(parseServerFrame('[{"type":"pong"}]')).toBeUndefined();
    expect(parseServerFrame('{"type":"toString"}')).toBeUndefined();
    expect(parseServerFrame('{"type":"read","conversation_id":null}')).toBeUndefined();
    expect(parseServerFrame('{"type":"pong"}')).toEqual({ type: 'pong' });
  });
});
