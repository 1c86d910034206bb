import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../shared/api/account.ts';
import { guardMessages } from '../../shared/messages/guard.ts';
import { useMe } from '../lib/queries.ts';
import { Spinner } from './ui/card.tsx';

function Denied({ text }: { text: string }) {
  return (
    <div className="mx-auto max-w-md py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold text-red-700">{guardMessages.denied}</h1>
      <p className="mt-2 text-stone-700">{text}</p>
    </div>
  );
}

/**
 * The access guard of docs/product/spec.md: « Vérification des permissions... » while the session
 * loads, /auth for anonymous visitors, « Accès refusé » when a required role is missing.
 */
export function RequireAuth({ children, role }: { children: ReactNode; role?: Role }) {
  const { data: me, isPending, isError } = useMe();
  const location = useLocation();
  if (isPending) return <Spinner label={guardMessages.checking} />;
  if (isError) return <Denied text={guardMessages.checkError} />;
  if (!me) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  if (role === 'admin' && me.user.role !== 'admin') return <Denied text={guardMessages.noPermission} />;
  return <>{children}</>;
}
