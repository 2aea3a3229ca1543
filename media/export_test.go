package media

// LengthPrefixed exposes the in-place Annex B conversion to the black-box
// tests.
var LengthPrefixed = lengthPrefixed
