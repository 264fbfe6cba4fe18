// The Fullscreen API with the prefixed WebKit names Safari still needs, and the iPhone's
// video-only full screen where no element can go full screen.

type WebkitDocument = Document & {
  webkitFullscreenElement?: Element | null;
  webkitFullscreenEnabled?: boolean;
  webkitExitFullscreen?: () => void;
};

type WebkitElement = HTMLElement & { webkitRequestFullscreen?: () => void };

type WebkitVideo = HTMLVideoElement & {
  webkitEnterFullscreen?: () => void;
  webkitSupportsFullscreen?: boolean;
};

export function fullscreenElement(): Element | null {
  const doc = document as WebkitDocument;
  return doc.fullscreenElement ?? doc.webkitFullscreenElement ?? null;
}

export function fullscreenSupported(video: HTMLVideoElement): boolean {
  const doc = document as WebkitDocument;
  return Boolean(
    doc.fullscreenEnabled ||
      doc.webkitFullscreenEnabled ||
      typeof (video as WebkitVideo).webkitEnterFullscreen === 'function',
  );
}

/** The player box full screen, so the custom controls come along; the bare video on iPhone. */
export function requestFullscreen(element: HTMLElement, video: HTMLVideoElement): void {
  const el = element as WebkitElement;
  if (typeof el.requestFullscreen === 'function' && document.fullscreenEnabled) {
    el.requestFullscreen().catch(() => {
      // Refused (not from a user gesture, or a frame without allowfullscreen).
    });
  } else if (typeof el.webkitRequestFullscreen === 'function') {
    el.webkitRequestFullscreen();
  } else {
    (video as WebkitVideo).webkitEnterFullscreen?.();
  }
}

export function exitFullscreen(): void {
  const doc = document as WebkitDocument;
  if (typeof doc.exitFullscreen === 'function' && doc.fullscreenElement) {
    doc.exitFullscreen().catch(() => {
      // Already left (Escape pressed at the same time).
    });
  } else {
    doc.webkitExitFullscreen?.();
  }
}
