import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { announce } from '../../lib/announce.ts';

type Direction = 'up' | 'down';

/**
 * « Monter » / « Descendre », the keyboard way to reorder (drag and drop is not needed).
 * The focus follows the moved row, and jumps to the other button when the row reaches an end
 * (a disabled button cannot keep it). The new place is said aloud (RGAA 7.5), as a drag's is
 * (drag-announcements.ts): « La section Entrées : position 2 sur 3. »
 */
export function MoveButtons({
  subject,
  index,
  count,
  onMove,
}: {
  subject: string;
  index: number;
  count: number;
  onMove: (position: number) => void;
}) {
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<Direction | null>(null);
  const first = index === 0;
  const last = index === count - 1;

  useEffect(() => {
    const direction = pendingFocus.current;
    if (!direction) return;
    pendingFocus.current = null;
    const keep = direction === 'up' ? !first : !last;
    const target = (direction === 'up') === keep ? upRef.current : downRef.current;
    target?.focus();
  }, [index, first, last]);

  const move = (direction: Direction) => {
    pendingFocus.current = direction;
    const position = direction === 'up' ? index - 1 : index + 1;
    onMove(position);
    announce(`${subject.charAt(0).toUpperCase()}${subject.slice(1)}\u00a0: position ${position + 1} sur ${count}.`);
  };

  return (
    <div className="flex gap-1">
      <Button
        ref={upRef}
        size="sm"
        variant="secondary"
        className="w-8 px-0"
        aria-label={`Monter ${subject}`}
        title="Monter"
        disabled={first}
        onClick={() => move('up')}
      >
        <span aria-hidden="true">↑</span>
      </Button>
      <Button
        ref={downRef}
        size="sm"
        variant="secondary"
        className="w-8 px-0"
        aria-label={`Descendre ${subject}`}
        title="Descendre"
        disabled={last}
        onClick={() => move('down')}
      >
        <span aria-hidden="true">↓</span>
      </Button>
    </div>
  );
}
