package analytics

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// LatencyBucketWidth is the width of the latency bucket s falls in: the
// resolution of a percentile there (the open bucket counts as 300 s wide).
func LatencyBucketWidth(s float64) float64 {
	i := LatencyBucket(s)
	switch i {
	case 0:
		return latencyBucketsS[0]
	case len(latencyBucketsS):
		return latencyBucketsS[i-1]
	}
	return latencyBucketsS[i] - latencyBucketsS[i-1]
}

// TestLatencyPercentiles: p50 and p95 read from the histogram are within
// one bucket's width of the exact ones, for latencies spread around the
// low-latency range and for a long tail.
func TestLatencyPercentiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name string
		draw func() float64
	}{
		{"low latency", func() float64 { return 1.5 + rng.Float64()*1.5 }},
		{"normal around 2 s", func() float64 { return math.Max(0, 2+rng.NormFloat64()*0.4) }},
		{"long tail", func() float64 { return rng.ExpFloat64() * 4 }},
		{"all equal", func() float64 { return 2.2 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var h [LatencyBuckets]int64
			samples := make([]float64, 1000)
			for i := range samples {
				samples[i] = tc.draw()
				h[LatencyBucket(samples[i])]++
			}
			slices.Sort(samples)
			for _, p := range []float64{0.50, 0.95} {
				exact := samples[int(math.Ceil(p*float64(len(samples))))-1]
				got := histogramPercentile(h[:], latencyBucketsS[:], p)
				if got == nil || math.Abs(*got-exact) > LatencyBucketWidth(exact) {
					t.Errorf("p%v = %v, exact %v (bucket width %v)", p*100, got, exact, LatencyBucketWidth(exact))
				}
			}
		})
	}
	if got := histogramPercentile(make([]int64, LatencyBuckets), latencyBucketsS[:], 0.5); got != nil {
		t.Errorf("empty histogram: %v, want nil", *got)
	}
}

// TestLatencyBucket: bounds are inclusive, and past the last is the open bucket.
func TestLatencyBucket(t *testing.T) {
	for _, tc := range []struct {
		s    float64
		want int
	}{{0, 0}, {0.5, 0}, {0.51, 1}, {2, 3}, {4, 7}, {4.01, 8}, {300, len(latencyBucketsS) - 1}, {301, len(latencyBucketsS)}, {86400, len(latencyBucketsS)}} {
		if got := LatencyBucket(tc.s); got != tc.want {
			t.Errorf("LatencyBucket(%v) = %d, want %d", tc.s, got, tc.want)
		}
	}
}
