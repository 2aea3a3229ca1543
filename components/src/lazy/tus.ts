// tus-js-client without its browser entry point: that entry probes
// localStorage when it is imported, and Reel touches no storage. The URL
// of an upload lives in memory (on the Upload object) for resuming.
// @ts-ignore - no types for the deep imports
import BaseUpload from 'tus-js-client/lib.esm/upload.js';
// @ts-ignore
import NoopUrlStorage from 'tus-js-client/lib.esm/noopUrlStorage.js';
// @ts-ignore
import FileReader from 'tus-js-client/lib.esm/browser/fileReader.js';
// @ts-ignore
import fingerprint from 'tus-js-client/lib.esm/browser/fileSignature.js';
// @ts-ignore
import XHRHttpStack from 'tus-js-client/lib.esm/browser/httpStack.js';

export interface TusResponse {
  getStatus(): number;
  getHeader(name: string): string | undefined;
}
export interface TusOptions {
  endpoint: string;
  headers?: Record<string, string>;
  metadata?: Record<string, string>;
  chunkSize?: number;
  retryDelays?: number[] | null;
  onProgress?: (sent: number, total: number) => void;
  onSuccess?: () => void;
  onError?: (err: Error & { originalResponse?: TusResponse | null }) => void;
  onAfterResponse?: (req: unknown, res: TusResponse) => void;
  onShouldRetry?: (err: Error & { originalResponse?: TusResponse | null }, attempt: number, options: unknown) => boolean;
}
export interface TusUpload {
  url: string | null;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void>;
}

export function createUpload(file: Blob, options: TusOptions): TusUpload {
  return new BaseUpload(file, {
    ...BaseUpload.defaultOptions,
    httpStack: new XHRHttpStack(),
    fileReader: new FileReader(),
    urlStorage: new NoopUrlStorage(),
    fingerprint,
    storeFingerprintForResuming: false,
    removeFingerprintOnSuccess: false,
    ...options,
  }) as TusUpload;
}
