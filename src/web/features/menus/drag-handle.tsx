import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The grip a row is dragged by: a mouse, a finger (`touch-none` keeps the page from scrolling
 * instead, so a phone needs no long press), or the keyboard (Espace, flèches, Espace).
 */
export const DragHandle = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { label: string }>(
  function DragHandle({ label, className, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        {...props}
        aria-label={label}
        title="Glisser pour déplacer"
        className={cn(
          'inline-flex h-8 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg border border-stone-300 bg-white text-stone-600 hover:bg-stone-100 active:cursor-grabbing',
          className,
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 12 16" className="h-4 w-3 fill-current">
          {[3, 9].flatMap((x) => [3, 8, 13].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />))}
        </svg>
      </button>
    );
  },
);
