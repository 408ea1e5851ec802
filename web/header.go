package web

// The page's header and footer texts when a workshop sets none of its own
// (kesim serve --title, --machine, --factory). The app shows them until
// /api/config has answered; web/src/generated/texts.ts carries them there.
const (
	DefaultTitle   = "Kesim"
	DefaultMachine = "Yapay zekâ destekli kesim optimizasyonu ve nesting programı"
	DefaultFactory = "Atölyenizde kullanıma hazır"
)
