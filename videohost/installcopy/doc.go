// Package installcopy moves an installation (refserver copy): every row of
// every table that holds the installation's data, and every blob its videos
// own, from one store to another of any kind (SQLite and local disk to
// PostgreSQL and S3, or back). The tables are described here, once
// (Tables), with the kind of each column, so that SQLite's unix nanoseconds
// become PostgreSQL's timestamptz and back; each store converts between its
// columns and these kinds (Copier). Ids never change, so every asset URL
// stays the same relative to its space URL, API keys keep their hashes and
// webhook endpoints their sealed secrets. A copy that stops half-way is
// resumed by running it again (Marker).
package installcopy
