package webhooks_test

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/reelvideo/reel/webhooks"
)

// The sender signs a delivery; the receiver verifies it with the same secret.
func ExampleVerifier_VerifyEvent() {
	secret := "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	sent := time.Unix(1767225600, 0)

	body, _ := json.Marshal(webhooks.Event{
		Type:      webhooks.KindVideoReady,
		Timestamp: sent,
		Data:      json.RawMessage(`{"id":"v0123456789a","state":"ready"}`),
	})
	header, err := webhooks.Headers([]string{secret}, "msg_2c9kq1", sent, body)
	if err != nil {
		fmt.Println(err)
		return
	}

	receiver := &webhooks.Verifier{Secrets: []string{secret}, Now: func() time.Time { return sent.Add(time.Second) }}
	event, err := receiver.VerifyEvent(header, body)
	fmt.Println(event.Type, string(event.Data), err)

	tampered := append([]byte(nil), body...)
	tampered[len(tampered)-3] = 'X'
	fmt.Println(receiver.Verify(header, tampered))
	// Output:
	// video.ready {"id":"v0123456789a","state":"ready"} <nil>
	// webhooks: invalid_signature: no v1 signature matches
}

func ExampleSign() {
	sig, err := webhooks.Sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
		time.Unix(1614265330, 0), []byte(`{"test": 2432232314}`))
	fmt.Println(sig, err)
	// Output: v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= <nil>
}

func ExampleNextAttempt() {
	noJitter := func() float64 { return 0 } // 10 % early, the smallest jitter
	for attempt := 1; ; attempt++ {
		delay, ok := webhooks.NextAttempt(attempt, noJitter)
		if !ok {
			fmt.Printf("after attempt %d: give up\n", attempt)
			break
		}
		fmt.Printf("after attempt %d: wait %s\n", attempt, delay)
	}
	// Output:
	// after attempt 1: wait 4.5s
	// after attempt 2: wait 4m30s
	// after attempt 3: wait 27m0s
	// after attempt 4: wait 1h48m0s
	// after attempt 5: wait 4h30m0s
	// after attempt 6: wait 9h0m0s
	// after attempt 7: wait 9h0m0s
	// after attempt 8: give up
}
