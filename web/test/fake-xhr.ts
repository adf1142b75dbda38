import type { CannedAnswer } from './network';

type Answer = (
  method: string,
  url: string,
  init: { body?: unknown; headers?: HeadersInit },
) => Promise<CannedAnswer>;

/**
 * The part of XMLHttpRequest that `lib/upload.ts` uses, answered from the same table as fetch:
 * one upload progress event at 100 %, then load. Enough for upload-with-progress; nothing more.
 */
export function fakeXhrClass(answer: Answer) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    send(body?: unknown) {
      void answer(this.method, this.url, { body, headers: this.headers }).then((canned) => {
        if (this.aborted) return;
        this.upload.onprogress?.(
          new ProgressEvent('progress', { lengthComputable: true, loaded: 1, total: 1 }),
        );
        this.status = canned.status ?? 200;
        this.responseText = canned.body === undefined ? '' : JSON.stringify(canned.body);
        this.onload?.();
      });
    }
  };
}
