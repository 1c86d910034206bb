/**
 * What a mutation tells the user when it ends, given to the hook rather than to `mutate`.
 *
 * TanStack Query skips the callbacks given to `mutate(…, { onSuccess })` when the component
 * that called it is gone by then, and a delete that refetches its list before settling
 * (`onSettled` returns the refetch) removes that very component: a removed team member's
 * row, a deleted section or item. Its « … supprimé » toast then never showed, depending on
 * which came first (e2e/team.spec.ts failed so on a loaded CI machine). Callbacks in the
 * hook's options belong to the mutation itself and always run, before the refetch.
 */
export interface MutationFeedback<TVariables, TResult = unknown> {
  onSuccess?: (result: TResult, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}
