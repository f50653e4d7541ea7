/** Hidden marker carried by every comment the bot writes. */
export const BOT_MARKER = '<!-- review-my-code-bot -->'
