import { vi } from 'vitest';

/** What the stubbed canvas answers for every crop. */
export const CROPPED_PNG = 'data:image/png;base64,Y3JvcHBlZA==';

/**
 * jsdom lays nothing out, decodes no image and draws on no canvas: the browser's parts the crop needs are
 * given sizes here (the container 600 x 400, the image 800 x 600, a canvas answering CROPPED_PNG). Other
 * elements' boxes come from `otherBox` (given jsdom's own), when a test needs them too.
 */
export function stubBrowserImaging(otherBox?: (element: Element, jsdomBox: () => DOMRect) => DOMRect): void {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.classList.contains('reactEasyCrop_Container')) {
      return { x: 0, y: 0, top: 0, left: 0, right: 600, bottom: 400, width: 600, height: 400, toJSON: () => ({}) };
    }
    const jsdomBox = () => original.call(this);
    return otherBox ? otherBox(this, jsdomBox) : jsdomBox();
  });
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(600);
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_value: string) {
        queueMicrotask(() => this.onload?.());
      }
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: () => undefined,
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(CROPPED_PNG);
}
