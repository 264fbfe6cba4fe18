import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  exitFullscreen,
  fullscreenElement,
  fullscreenSupported,
  requestFullscreen,
} from './fullscreen.ts';
import styles from './player.module.css';
import { PlayIcon, ReplayIcon } from './player-icons.tsx';
import type { PlayerAction } from './shortcuts.ts';
import { loadHls, useStream } from './use-stream.ts';
import { DEFAULT_VOLUME, loadVolume, saveVolume, type VolumeState } from './volume-store.ts';

/** Controls hide after this long without pointer movement while the video plays. */
export const IDLE_MS = 3000;

// The control bar (seek bar with its timeline thumbnails, volume, quality, fullscreen) and
// the keyboard shortcuts are a chunk of their own, loaded when the visitor first points at,
// focuses or plays the player (issue 18: the video page's first load). Until then the poster
// and its play button are the player, as on the big tubes before a first play; playing
// never waits for this chunk, and a failed load is tried again at the next pointer.
type Chrome = typeof import('./player-chrome.tsx');

export interface PlayerProps {
  /** HLS master playlist (.m3u8). */
  src: string;
  poster: string;
  /** WebVTT of sprite thumbnails (`sprite.jpg#xywh=x,y,w,h` cues). */
  timeline?: string;
  /** Duration known from the catalogue, shown until the stream reports its own. */
  durationS: number;
  title: string;
  autoPlay?: boolean;
  /** Called once per source, when it has loaded its metadata and can play. */
  onLoaded?: () => void;
  onEnded?: () => void;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The video player: a 16:9 box with the poster and a play button on the server; in the browser
 * an HLS stream (hls.js, loaded when the visitor first plays) with custom controls, keyboard
 * shortcuts, timeline thumbnails, a quality menu and a remembered volume.
 */
export function Player({
  src,
  poster,
  timeline,
  durationS,
  title,
  autoPlay = false,
  onLoaded,
  onEnded,
}: PlayerProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const bigPlay = useRef<HTMLButtonElement>(null);
  const stream = useStream(video, src, autoPlay);

  const [source, setSource] = useState(src);
  const [started, setStarted] = useState(false);
  const [paused, setPaused] = useState(true);
  const [ended, setEnded] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [current, setCurrent] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(Number.NaN);
  const [buffered, setBuffered] = useState(0);
  const [sound, setSound] = useState<VolumeState>(DEFAULT_VOLUME);
  const [fullscreen, setFullscreen] = useState(false);
  const [canFullscreen, setCanFullscreen] = useState(true);
  const [active, setActive] = useState(false);
  const [chromeWanted, setChromeWanted] = useState(autoPlay);
  const [chrome, setChrome] = useState<Chrome>();
  const wantPlay = useRef(false);
  const loadedFor = useRef<string | null>(null);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hiddenAtPointerDown = useRef(false);

  // A new source starts from its poster (state adjusted while rendering, not in an effect).
  if (source !== src) {
    setSource(src);
    setStarted(false);
    setPaused(true);
    setEnded(false);
    setWaiting(false);
    setCurrent(0);
    setMediaDuration(Number.NaN);
    setBuffered(0);
  }

  const duration = mediaDuration > 0 && Number.isFinite(mediaDuration) ? mediaDuration : durationS;

  useEffect(() => {
    const media = video.current;
    if (media) {
      const stored = loadVolume();
      media.volume = stored.volume;
      media.muted = stored.muted;
      setSound(stored);
      setCanFullscreen(fullscreenSupported(media));
    }
    const sync = () => setFullscreen(fullscreenElement() === root.current);
    document.addEventListener('fullscreenchange', sync);
    document.addEventListener('webkitfullscreenchange', sync);
    return () => {
      clearTimeout(idle.current);
      document.removeEventListener('fullscreenchange', sync);
      document.removeEventListener('webkitfullscreenchange', sync);
    };
  }, []);

  useEffect(() => {
    if (!chromeWanted || chrome) return;
    let live = true;
    import('./player-chrome.tsx').then(
      (loaded) => live && setChrome(loaded),
      () => live && setChromeWanted(false),
    );
    return () => {
      live = false;
    };
  }, [chromeWanted, chrome]);

  useEffect(() => {
    if (!stream.attached || !(autoPlay || wantPlay.current)) return;
    wantPlay.current = false;
    video.current?.play().catch(() => setWaiting(false));
  }, [stream.attached, autoPlay]);

  const poke = useCallback(() => {
    // Whoever points at the player may play it next: its stream's code loads now, and its
    // controls' code.
    loadHls().catch(() => {});
    setChromeWanted(true);
    setActive(true);
    clearTimeout(idle.current);
    idle.current = setTimeout(() => setActive(false), IDLE_MS);
  }, []);

  /** `fromBigPlay`: pressed on the big play button (Safari does not focus a clicked button). */
  const play = (fromBigPlay = false) => {
    const media = video.current;
    if (!media || stream.failed) return;
    setChromeWanted(true);
    setWaiting(true);
    // The big play button goes once the video starts (by a click or a key): keep the focus in
    // the player, on the bar's play button, or on the player while the bar's code is on its way.
    if (fromBigPlay || (bigPlay.current && document.activeElement === bigPlay.current)) {
      (playButton.current ?? root.current)?.focus({ preventScroll: true });
    }
    if (!stream.attached) {
      stream.start();
      // The browser's own HLS was attached inside this tap: play now, while it counts as one.
      if (media.getAttribute('src')) media.play().catch(() => setWaiting(false));
      else wantPlay.current = true; // started by the effect above once hls.js is attached
      return;
    }
    // Refused (autoplay policy) or interrupted by a pause or a new source: stay paused.
    media.play().catch(() => setWaiting(false));
  };

  const togglePlay = () => {
    const media = video.current;
    if (media && !media.paused && !media.ended) media.pause();
    else play();
  };

  const seekTo = (seconds: number) => {
    const media = video.current;
    if (!media) return;
    const target = clamp(seconds, 0, duration);
    media.currentTime = target;
    setCurrent(target);
  };

  const setVolume = (volume: number) => {
    const media = video.current;
    if (!media) return;
    media.volume = clamp(Math.round(volume * 100) / 100, 0, 1);
    media.muted = media.volume === 0;
  };

  const toggleMute = () => {
    const media = video.current;
    if (!media) return;
    if (media.muted || media.volume === 0) {
      media.muted = false;
      if (media.volume === 0) media.volume = 0.5;
    } else {
      media.muted = true;
    }
  };

  const toggleFullscreen = () => {
    const element = root.current;
    const media = video.current;
    if (!element || !media) return;
    if (fullscreenElement()) exitFullscreen();
    else requestFullscreen(element, media);
  };

  const run = (action: PlayerAction) => {
    const media = video.current;
    if (!media) return;
    switch (action.type) {
      case 'toggle-play':
        return togglePlay();
      case 'seek-by':
        return seekTo(media.currentTime + action.seconds);
      case 'seek-to-fraction':
        return seekTo(duration * action.fraction);
      case 'seek-to-start':
        return seekTo(0);
      case 'seek-to-end':
        return seekTo(duration);
      case 'volume-by':
        // Up unmutes at the volume before the mute; down leaves a muted video muted.
        if (media.muted && action.delta < 0) return;
        return setVolume(media.volume + action.delta);
      case 'toggle-mute':
        return toggleMute();
      case 'toggle-fullscreen':
        return toggleFullscreen();
    }
  };

  const playing = !paused && !ended;
  const hidden = playing && !active;
  const loading = waiting && !stream.failed;
  const volumeShown = sound.muted ? 0 : sound.volume;
  const playLabel = ended ? t('player.replay') : playing ? t('player.pause') : t('player.play');

  return (
    <section
      ref={root}
      className={styles.player}
      data-testid="player"
      data-idle={hidden ? '' : undefined}
      data-fullscreen={fullscreen ? '' : undefined}
      aria-label={t('player.label', { title })}
      tabIndex={-1}
      onPointerMove={poke}
      onPointerDown={poke}
      onPointerLeave={() => setActive(false)}
      onFocus={poke}
      onKeyDown={(event) => {
        const target = event.target as HTMLElement;
        const action = chrome?.shortcutFor({
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          targetTag: target.tagName,
          targetType: target instanceof HTMLInputElement ? target.type : undefined,
          targetEditable: target.isContentEditable,
          targetOwnsArrows: target.dataset.ownsArrows === 'true',
        });
        poke();
        if (!action) return;
        event.preventDefault();
        run(action);
      }}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: the catalogue has no caption tracks (SPEC.md names none); a <track> goes here when it does */}
      <video
        ref={video}
        className={styles.video}
        playsInline
        preload="metadata"
        aria-label={title}
        onPointerDown={() => {
          hiddenAtPointerDown.current = hidden;
        }}
        onClick={(event) => {
          root.current?.focus({ preventScroll: true });
          // On a touch screen the first tap on a playing video brings the controls back.
          const touch = (event.nativeEvent as PointerEvent).pointerType === 'touch';
          if (!(touch && hiddenAtPointerDown.current)) togglePlay();
        }}
        onDoubleClick={toggleFullscreen}
        onPlay={() => {
          setChromeWanted(true);
          setPaused(false);
          setEnded(false);
        }}
        onPause={() => {
          setPaused(true);
          setWaiting(false);
        }}
        onPlaying={() => {
          setStarted(true);
          setWaiting(false);
        }}
        onWaiting={() => setWaiting(true)}
        onEnded={() => {
          setEnded(true);
          setWaiting(false);
          onEnded?.();
        }}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onSeeked={(event) => setEnded(event.currentTarget.ended)}
        onDurationChange={(event) => setMediaDuration(event.currentTarget.duration)}
        onProgress={(event) => setBuffered(bufferedEnd(event.currentTarget))}
        onVolumeChange={(event) => {
          const next = { volume: event.currentTarget.volume, muted: event.currentTarget.muted };
          setSound(next);
          saveVolume(next);
        }}
        onCanPlay={() => {
          if (loadedFor.current === src) return;
          loadedFor.current = src;
          onLoaded?.();
        }}
        onError={stream.mediaError}
      />
      {started ? null : (
        <img
          className={styles.poster}
          src={poster}
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
          decoding="async"
        />
      )}
      {(!started || ended) && !loading && !stream.failed ? (
        <button
          type="button"
          className={styles.bigPlay}
          ref={bigPlay}
          onClick={() => play(true)}
          aria-label={playLabel}
        >
          {ended ? <ReplayIcon /> : <PlayIcon />}
        </button>
      ) : null}
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <span role="status" className="visually-hidden">
        {loading ? t('player.loading') : ''}
      </span>
      {stream.failed ? (
        <div className={styles.error} role="alert">
          <p>{t('player.error')}</p>
        </div>
      ) : null}
      {chrome && !stream.failed ? (
        <chrome.PlayerChrome
          current={current}
          duration={duration}
          buffered={buffered}
          timeline={timeline}
          onSeek={seekTo}
          ended={ended}
          playing={playing}
          playLabel={playLabel}
          playButton={playButton}
          onTogglePlay={togglePlay}
          volume={volumeShown}
          onVolume={setVolume}
          onToggleMute={toggleMute}
          quality={stream}
          fullscreen={canFullscreen ? fullscreen : undefined}
          onToggleFullscreen={toggleFullscreen}
        />
      ) : null}
    </section>
  );
}

/** End of the buffered range that holds the playhead (what the rail draws as loaded). */
function bufferedEnd(media: HTMLVideoElement): number {
  const { buffered, currentTime } = media;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.5 && currentTime <= buffered.end(i)) {
      return buffered.end(i);
    }
  }
  return 0;
}
