import type { ChatAction } from '../../shared/chat/chat';

/** Suggest's answer as buttons (002 §3 'Action'), each with its description as its title. */
export function SuggestedActions({
  actions,
  onChoose,
}: {
  actions: readonly ChatAction[];
  onChoose: (action: ChatAction) => void;
}) {
  if (actions.length === 0) return null;
  return (
    <div className="chat-actions" role="group" aria-label="Suggested actions">
      {actions.map((action, index) => (
        <button
          key={`${index}-${action.buttonLabel}`}
          type="button"
          className="button"
          title={action.description}
          onClick={() => onChoose(action)}
        >
          {action.buttonLabel}
        </button>
      ))}
    </div>
  );
}
