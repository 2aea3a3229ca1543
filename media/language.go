package media

import "strings"

// languages maps ISO 639-2 codes (as containers tag streams: "eng", "fre"
// or "fra") to the shortest BCP 47 tag ("en", "fr"), which HLS LANGUAGE
// attributes, DASH lang and subtitle tracks use, and to the language's own
// name, which players show in their menus.
var languages = map[string]struct{ tag, name string }{
	"ara": {"ar", "العربية"}, "ben": {"bn", "বাংলা"}, "bul": {"bg", "Български"},
	"cat": {"ca", "Català"}, "ces": {"cs", "Čeština"}, "cze": {"cs", "Čeština"},
	"chi": {"zh", "中文"}, "zho": {"zh", "中文"}, "dan": {"da", "Dansk"},
	"deu": {"de", "Deutsch"}, "ger": {"de", "Deutsch"}, "dut": {"nl", "Nederlands"},
	"nld": {"nl", "Nederlands"}, "ell": {"el", "Ελληνικά"}, "gre": {"el", "Ελληνικά"},
	"eng": {"en", "English"}, "est": {"et", "Eesti"}, "eus": {"eu", "Euskara"},
	"baq": {"eu", "Euskara"}, "fas": {"fa", "فارسی"}, "per": {"fa", "فارسی"},
	"fin": {"fi", "Suomi"}, "fra": {"fr", "Français"}, "fre": {"fr", "Français"},
	"glg": {"gl", "Galego"}, "heb": {"he", "עברית"}, "hin": {"hi", "हिन्दी"},
	"hrv": {"hr", "Hrvatski"}, "hun": {"hu", "Magyar"}, "ind": {"id", "Bahasa Indonesia"},
	"isl": {"is", "Íslenska"}, "ice": {"is", "Íslenska"}, "ita": {"it", "Italiano"},
	"jpn": {"ja", "日本語"}, "kor": {"ko", "한국어"}, "lav": {"lv", "Latviešu"},
	"lit": {"lt", "Lietuvių"}, "msa": {"ms", "Bahasa Melayu"}, "may": {"ms", "Bahasa Melayu"},
	"nor": {"no", "Norsk"}, "nob": {"nb", "Norsk bokmål"}, "nno": {"nn", "Norsk nynorsk"},
	"pol": {"pl", "Polski"}, "por": {"pt", "Português"}, "ron": {"ro", "Română"},
	"rum": {"ro", "Română"}, "rus": {"ru", "Русский"}, "slk": {"sk", "Slovenčina"},
	"slo": {"sk", "Slovenčina"}, "slv": {"sl", "Slovenščina"}, "spa": {"es", "Español"},
	"srp": {"sr", "Српски"}, "swe": {"sv", "Svenska"}, "tam": {"ta", "தமிழ்"},
	"tel": {"te", "తెలుగు"}, "tha": {"th", "ไทย"}, "tur": {"tr", "Türkçe"},
	"ukr": {"uk", "Українська"}, "urd": {"ur", "اردو"}, "vie": {"vi", "Tiếng Việt"},
	"wel": {"cy", "Cymraeg"}, "cym": {"cy", "Cymraeg"},
}

// languageNames gives the own name of a two-letter tag.
var languageNames = func() map[string]string {
	m := make(map[string]string, len(languages))
	for _, l := range languages {
		m[l.tag] = l.name
	}
	return m
}()

// LanguageTag returns the shortest BCP 47 tag of a container's language
// code: "eng" → "en"; a code it does not know is returned lower-cased.
func LanguageTag(code string) string {
	code = strings.ToLower(strings.TrimSpace(code))
	if l, ok := languages[code]; ok {
		return l.tag
	}
	return code
}

// LanguageName returns the language's own name for a tag or code ("en",
// "eng" → "English"), or "" when it does not know it.
func LanguageName(code string) string {
	tag := LanguageTag(code)
	if i := strings.IndexByte(tag, '-'); i > 0 {
		tag = tag[:i]
	}
	return languageNames[tag]
}
