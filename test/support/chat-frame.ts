/**
 * Stand-in for Foundry's chat log around one message, for card screenshots: the v13 sidebar's
 * width and dark background. Font Awesome is not loaded here, so each icon is stood in for by a 1em
 * square (the width the real glyphs take), keeping the layout honest about the room icons need.
 */
export const CHAT_WIDTH = 300;
const CHAT_FRAME_CSS = `body { margin: 0; background: #1c1b22; }
.chat-message { box-sizing: border-box; width: ${CHAT_WIDTH}px; margin: 8px; padding: 6px 8px; background: #f5f1e8;
  border-radius: 5px; font-family: "Signika", sans-serif; }
.chat-message i[class*="fa-"] { display: inline-block; width: 1em; height: 1em; vertical-align: -0.125em;
  background: currentColor; opacity: 0.35; border-radius: 2px; }`;
/** The page options of a chat-card screenshot. */
export const CHAT_PAGE = { width: CHAT_WIDTH + 40, extraCss: CHAT_FRAME_CSS };
