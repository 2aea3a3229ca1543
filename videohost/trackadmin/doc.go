// Package trackadmin is the management of a ready video's added audio
// tracks and custom poster through the API: adding, replacing and
// removing the audio track of a language, and setting the poster from an
// image or from the frame at a time (the /v1/videos/{id}/audio-tracks and
// /v1/videos/{id}/poster routes).
//
// # Why a room of its own
//
// Each is a principal's use case over a video row: checks of the input
// and of the uploaded file, the file taken over into blob storage, one
// change of the row that queues the job that publishes it. None needs the
// video lifecycle's insides. What stays in videohost is what the stores,
// the worker and the delivery share: AudioTrack, AddedAudio, the track
// kinds and states, the job kinds (JobAudioTracks, JobPoster), the codes
// ENoAudio and ENoVideo, the blob keys of the uploaded files
// (AudioTrackKey, PosterImageKey: the service owns the layout of blob
// storage) and the trusted Jobs calls the worker reports with
// (LocalAudioTrack, AudioTracksPublished, PosterFailed...).
//
// # The domain
//
// Tracks depends on videohost through Domain, which *videohost.Service
// implements: the pipeline's TrackPipeline, resolved once by
// videohost.New as a capability (without one every operation answers
// EUnavailable naming audio tracks and posters), the process's media
// check slots (videohost.Config.MediaChecks), the import of a file at a
// blob key and the one transaction that changes a video row.
// videohost does not import this package; videohost/httpapi builds one
// Tracks per Handler and serves the routes.
package trackadmin
