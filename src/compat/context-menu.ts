/**
 * A context menu entry in both generations' words: v13 reads `name` / `callback` / `condition`
 * (API v13 `ContextMenuEntry`, https://foundryvtt.com/api/v13/interfaces/foundry.ContextMenuEntry.html),
 * v14 renamed them `label` / `onClick` / `visible` (FOUNDRY.md §14). Each entry carries both, so
 * either generation reads its own and ignores the other.
 */
export interface MenuEntrySpec {
  label: string;
  icon: string;
  onClick: (target: HTMLElement) => void;
  visible: (target: HTMLElement) => boolean;
}

export function contextMenuEntry(spec: MenuEntrySpec): ContextMenu.Entry<HTMLElement> & {
  label: string;
  onClick: MenuEntrySpec["onClick"];
  visible: MenuEntrySpec["visible"];
} {
  return {
    name: spec.label,
    label: spec.label,
    icon: `<i class="${spec.icon}"></i>`,
    callback: spec.onClick,
    onClick: spec.onClick,
    condition: spec.visible,
    visible: spec.visible,
  };
}
