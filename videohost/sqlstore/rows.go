package sqlstore

import "fmt"

// Each scans every row of rows into dest and then calls fn, which reads
// what was scanned. A scan or read error is wrapped with doing ("reading
// progress"); fn's error is returned as it is. Closing rows stays with the
// caller. It is the loop both drivers' result sets need, written once.
func Each(rows Rows, doing string, fn func() error, dest ...any) error {
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("%s: %w", doing, err)
		}
		if err := fn(); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", doing, err)
	}
	return nil
}
