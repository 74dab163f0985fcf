import { VIDEO_PLAY_VISIBILITY_THRESHOLD } from '@shared/domain/limits';
import { Pause, Play, RotateCcw } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { usePrefersReducedMotion } from '../pacts/card/use-reduced-motion';
import { useIsMobile } from './use-is-mobile';
import { useVideoLoader } from './use-video-loader';
import { preloadRootMargin, retryLabel } from './video-retry';

type FeedVideoProps = {
  src: string;
  poster?: string;
  /** The feed's scroll container: visibility is measured against it. */
  rootRef: RefObject<HTMLElement | null>;
  /** Told when the slide becomes the one mostly in view. */
  onVisible?: () => void;
};

/**
 * A slide's looping muted tutorial: loads when within the preload margin, plays while more than 60% visible,
 * shows 'Loading video...' and 'Retry n/2' while loading, and a play placeholder (Retry on mobile) on failure.
 * With reduced motion asked for, nothing moves by itself: the still shows with Play, and a played video can be paused.
 */
export function FeedVideo({ src, poster, rootRef, onVisible }: FeedVideoProps) {
  const mobile = useIsMobile();
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [near, setNear] = useState(false);
  const [inView, setInView] = useState(false);
  const { state, retry, shouldHaveSource } = useVideoLoader(videoRef, near, mobile);
  const still = usePrefersReducedMotion();
  const [tapped, setTapped] = useState(false);
  const autoplay = !still || tapped;
  const onVisibleRef = useRef(onVisible);
  onVisibleRef.current = onVisible;

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const root = rootRef.current;
    const nearObserver = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) setNear(true);
      },
      { root, rootMargin: preloadRootMargin(mobile) },
    );
    const viewObserver = new IntersectionObserver(
      ([entry]) => {
        const visible = !!entry && entry.intersectionRatio > VIDEO_PLAY_VISIBILITY_THRESHOLD;
        setInView(visible);
        if (visible) onVisibleRef.current?.();
      },
      { root, threshold: [0, VIDEO_PLAY_VISIBILITY_THRESHOLD, 0.61, 1] },
    );
    nearObserver.observe(frame);
    viewObserver.observe(frame);
    return () => {
      nearObserver.disconnect();
      viewObserver.disconnect();
    };
  }, [rootRef, mobile]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (inView && state.kind === 'ready' && autoplay) video.play().catch(() => {});
    else video.pause();
  }, [inView, state.kind, autoplay]);

  const label = state.kind === 'loading' ? retryLabel(state.retry) : null;
  return (
    <div ref={frameRef} className="absolute inset-0 bg-black">
      <video
        ref={videoRef}
        src={shouldHaveSource ? src : undefined}
        poster={poster}
        muted
        loop
        playsInline
        preload={shouldHaveSource ? 'auto' : 'none'}
        aria-hidden="true"
        tabIndex={-1}
        className="size-full object-cover"
        data-state={state.kind}
      />
      {state.kind === 'loading' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/30 text-white">
          <Spinner className="size-8" label="Loading video..." />
          <p className="font-medium text-sm">Loading video...</p>
          {label ? <p className="text-white/70 text-xs">{label}</p> : null}
        </div>
      ) : null}
      {still && state.kind === 'ready' ? (
        <button
          type="button"
          onClick={() => setTapped((t) => !t)}
          aria-label={tapped ? 'Pause video' : 'Play video'}
          className={
            tapped
              ? 'absolute top-16 left-3 z-10 flex size-11 items-center justify-center rounded-full bg-black/50 text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white'
              : 'absolute inset-0 m-auto flex size-20 items-center justify-center rounded-full bg-black/40 text-white ring-1 ring-white/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white'
          }
        >
          {tapped ? (
            <Pause className="size-5 fill-current" aria-hidden="true" />
          ) : (
            <Play className="ml-1 size-9 fill-current" aria-hidden="true" />
          )}
        </button>
      ) : null}
      {state.kind === 'failed' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-neutral-900 text-white">
          <button
            type="button"
            onClick={retry}
            aria-label="Play video"
            className="flex size-20 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/30 backdrop-blur"
          >
            <Play className="ml-1 size-9 fill-current" aria-hidden="true" />
          </button>
          {mobile ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={retry}
              className="bg-white/15 text-white ring-1 ring-white/25 hover:bg-white/25 hover:text-white"
            >
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A slide without a video still tells the feed when it is the one mostly in view (paging by cursor). */
export function SlideVisibility({
  rootRef,
  onVisible,
}: {
  rootRef: RefObject<HTMLElement | null>;
  onVisible?: () => void;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const onVisibleRef = useRef(onVisible);
  onVisibleRef.current = onVisible;
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry && entry.intersectionRatio > VIDEO_PLAY_VISIBILITY_THRESHOLD) onVisibleRef.current?.();
      },
      { root: rootRef.current, threshold: [0, VIDEO_PLAY_VISIBILITY_THRESHOLD, 0.61, 1] },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, [rootRef]);
  return <div ref={frameRef} aria-hidden="true" className="pointer-events-none absolute inset-0" />;
}
