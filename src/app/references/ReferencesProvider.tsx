import type { ReactNode } from 'react';
import { ReferenceModal } from './modal/ReferenceModal';
import { ReferencesContext, type ReferencesController } from './references-context';

/** Shares the workspace's literature state and shows the reference modal above every pane. */
export function ReferencesProvider({
  value,
  children,
}: {
  value: ReferencesController;
  children: ReactNode;
}) {
  const { shown, paper, selected, citeWork, closeReference } = value;
  return (
    <ReferencesContext.Provider value={value}>
      {children}
      {shown && (
        <ReferenceModal
          key={shown.refId}
          refId={shown.refId}
          work={shown.work}
          selected={selected.refIds.has(shown.refId)}
          onToggleSelected={() => selected.toggle(shown.refId)}
          onCite={paper ? citeWork : undefined}
          onClose={closeReference}
        />
      )}
    </ReferencesContext.Provider>
  );
}
