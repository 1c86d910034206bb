import { useEffect, useRef, useState } from 'react';
import type { ScheduleDraw } from './draw-queue.ts';
import { renderQr } from './qr-style.ts';

type DrawState = 'waiting' | 'drawing' | 'drawn' | 'error';

const drawNow: ScheduleDraw = (job) => {
  let cancelled = false;
  queueMicrotask(() => !cancelled && void job().catch(() => undefined));
  return () => {
    cancelled = true;
  };
};

/**
 * One QR code drawn with the house style. `schedule` lets a list draw its codes in turn
 * (docs/product/spec.md section 9); without it the code is drawn at once. Give it `key={data}`: a new
 * URL means a new drawing.
 */
export function QrDrawing({
  data,
  size,
  type,
  label,
  schedule = drawNow,
}: {
  data: string;
  size: number;
  type: 'svg' | 'canvas';
  label: string;
  schedule?: ScheduleDraw;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<DrawState>('waiting');

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let unmounted = false;
    const withdraw = schedule(async () => {
      if (unmounted) return;
      setState('drawing');
      try {
        await renderQr(container, data, size, type);
        if (!unmounted) setState('drawn');
      } catch (error) {
        console.error('QR rendering failed', error);
        if (!unmounted) setState('error');
      }
    });
    return () => {
      unmounted = true;
      withdraw();
    };
  }, [data, size, type, schedule]);

  return (
    <div
      className="relative mx-auto aspect-square max-w-full"
      style={{ width: size }}
      data-testid="qr-drawing"
      data-state={state}
    >
      <div
        ref={containerRef}
        role="img"
        aria-label={label}
        hidden={state === 'error'}
        className="flex h-full w-full items-center justify-center [&>svg]:h-auto [&>svg]:max-w-full"
      />
      {(state === 'waiting' || state === 'drawing') && (
        <span className="absolute inset-0 animate-pulse rounded-lg bg-stone-100" aria-hidden="true" />
      )}
      {state === 'error' && (
        <p
          role="alert"
          className="absolute inset-0 flex items-center justify-center rounded-lg bg-red-50 p-2 text-center text-sm text-red-700"
        >
          Erreur de rendu du QR code
        </p>
      )}
    </div>
  );
}
