/**
 * Registration of the chat cards' controls (call once in `init`): every rendered message gets its
 * card's buttons wired and the viewer's own details filled in.
 */
import { onRenderChatMessage } from "./card-hooks.js";

export function registerChatCards(): void {
  Hooks.on("renderChatMessageHTML", (message, html) =>
    onRenderChatMessage(message as ChatMessage, html as HTMLElement),
  );
}
