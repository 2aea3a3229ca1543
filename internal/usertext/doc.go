// Package usertext holds the rules for short user text that Reel quotes
// back or writes into its published files: Excerpt, which bounds what an
// error message quotes of an input, and Line, the one rule for a chapter
// title or a track label. It imports only the standard library, so the
// domain and the helpers under internal can share it.
package usertext
