import { vi } from 'vitest';

/** A stand-in for XMLHttpRequest at the network boundary: records each PUT and answers as told. */
export interface XhrReply {
  status?: number;
  etag?: string | null;
}

export interface SentPart {
  method: string;
  url: string;
  size: number;
  bytes: Blob;
  /** Reports upload progress, then answers (manual mode). */
  progress: (loaded: number) => void;
  respond: (reply?: XhrReply) => void;
  fail: () => void;
}

export function stubXhr(answer?: (part: SentPart, attempt: number) => XhrReply | 'network-error') {
  const sent: SentPart[] = [];
  const attempts = new Map<string, number>();
  class FakeXhr {
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    private method = '';
    private url = '';
    private etag: string | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    getResponseHeader(name: string) {
      return name.toLowerCase() === 'etag' ? this.etag : null;
    }

    send(body: Blob) {
      const part: SentPart = {
        method: this.method,
        url: this.url,
        size: body.size,
        bytes: body,
        progress: (loaded) => this.upload.onprogress?.({ loaded }),
        respond: ({ status = 200, etag = `"etag-${this.url}"` } = {}) => {
          this.status = status;
          this.etag = etag;
          this.onload?.();
        },
        fail: () => this.onerror?.(),
      };
      sent.push(part);
      if (!answer) return;
      const attempt = (attempts.get(this.url) ?? 0) + 1;
      attempts.set(this.url, attempt);
      queueMicrotask(() => {
        const reply = answer(part, attempt);
        if (reply === 'network-error') part.fail();
        else {
          part.progress(part.size);
          part.respond(reply);
        }
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
