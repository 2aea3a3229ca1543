// Package webhookadmin is the management of a space's webhook endpoints
// through the API: creating, listing, changing, deleting and testing
// endpoints, rotating their secrets, and reading and retrying their
// deliveries (the /v1/webhooks routes).
//
// # Why a room of its own
//
// These are checks and calls to the webhook store over a principal; they
// need nothing of the video lifecycle. What stays in videohost is what
// the stores and the dispatcher share: the types (WebhookEndpoint,
// WebhookDelivery, DeliveryAttempt...), the WebhookStore port, the limits
// (MaxWebhooksPerSpace, PreviousSecretGrace), the sealing of secrets (the
// service's key never leaves it: Domain.NewWebhookSecret hands out a new
// secret sealed) and the dispatcher's trusted calls on videohost.Jobs.
//
// # The domain
//
// Endpoints depends on videohost through Domain, which *videohost.Service
// implements: the webhook store, resolved once by videohost.New as a
// capability (without one every operation answers EUnavailable naming
// webhooks), the SSRF guard that checks endpoint URLs, the clock and the
// domain's paging (videohost.Pager). videohost does not import this
// package; videohost/httpapi builds one Endpoints per Handler and serves
// the routes.
package webhookadmin
