import { useEffect, useState } from 'react';
import { formatDuration } from '../../contracts/format.ts';
import { parseTimelineVtt, type TimelineCue } from '../components/player/vtt.ts';
import sheet from './contact-sheet.module.css';

// The contact sheet (issue 16: "the sprite contact sheet of the whole video, to scan it in
// seconds"): every cue of the timeline WebVTT as a tile with its time. A tile seeks the
// player there and plays.

type Loaded = { url: string; cues: TimelineCue[] } | { url: string; failed: true };

export function ContactSheet({ url, onPick }: { url: string; onPick: (seconds: number) => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`timeline ${response.status}`);
        const base = response.url || new URL(url, document.baseURI).href;
        setLoaded({ url, cues: parseTimelineVtt(await response.text(), base) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ url, failed: true });
      });
    return () => controller.abort();
  }, [url]);

  const current = loaded && loaded.url === url ? loaded : null;
  return (
    <section className={sheet.sheet} aria-labelledby="contact-sheet-title">
      <h2 id="contact-sheet-title" className={sheet.title}>
        Contact sheet
        {current && 'cues' in current ? (
          <span className={sheet.count}> {current.cues.length} frames</span>
        ) : null}
      </h2>
      {!url ? (
        <p className={sheet.note}>No contact sheet for this video.</p>
      ) : !current ? (
        <p className={sheet.note} role="status">
          Loading the contact sheet…
        </p>
      ) : 'failed' in current ? (
        <p className={sheet.note} role="alert">
          The contact sheet could not be loaded.
        </p>
      ) : (
        <ol className={sheet.tiles}>
          {current.cues.map((cue) => (
            <li key={`${cue.start}-${cue.x}-${cue.y}`}>
              <button
                type="button"
                className={sheet.tile}
                onClick={() => onPick(cue.start)}
                aria-label={`Play from ${formatDuration(cue.start)}`}
              >
                <span
                  className={sheet.frame}
                  style={{
                    width: cue.w,
                    height: cue.h,
                    backgroundImage: `url("${cue.url}")`,
                    backgroundPosition: `-${cue.x}px -${cue.y}px`,
                  }}
                />
                <span className={sheet.time}>{formatDuration(cue.start)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
