//go:build race

package worker_test

// raceDetector: the tests run under -race (make test's race pass).
const raceDetector = true
