package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// command is one kesim command as its help shows it, in the manner of go
// help: kesim help NAME and kesim NAME --help print a usage line, what the
// command does, its flags and an example.
type command struct {
	name    string // as typed after kesim: "nest", "user add"
	args    string // what follows the name in the usage line
	summary string // one line in kesim help's list of commands
	about   string // what the command does
	example string
}

var (
	cmdNest = &command{
		name:    "nest",
		args:    "--sheet GENxYÜK|--stock DOSYA [seçenekler] GİRDİ",
		summary: "parçaları tuvallere yerleştirir; JSON, PDF ve DXF yazar",
		about: `GİRDİ'deki parçaları en az sayfayla tuvallere yerleştirir. GİRDİ bir CSV parça listesi
(Ad;Genişlik;Yükseklik;Adet, Excel'in yazdığı gibi; isteğe bağlı Malzeme, Kalınlık, Damar
(yok, dikey, yatay), Bant ya da Bant Üst/Alt/Sol/Sağ sütunlarıyla; CutList Optimizer ve
OpenCutList'in Length, Width, Qty, Label, Enabled sütunları da okunur, Length boydur) ya da
bir Excel çalışma kitabı (.xlsx, ilk sayfası, aynı sütunlarla), bir JSON istek ya da standart
girdi için - olur. Uzunluklar cm'dir (CSV başlığında başka birim yazılmışsa, En (mm)
gibi, çevrilir); ondalık virgül de olur (--kerf 0,3).
--stock levha stokunu (kod;ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar; boş adet
sınırsızdır; parça listesi gibi Length, Label, Qty, Enabled ve 2800 mm gibi hücreler de okunur),
--bands bant kodlarını (kod;ad;kalınlık;fiyat;fazlalık) CSV'den ya da Excel çalışma kitabından
(.xlsx) okur; her malzeme kendi levhalarına yerleştirilir. Sonuç JSON, atölye için PDF ve kesim makinesi için
DXF olarak yazılır; özet (sayfa, verim, alt sınır; stokla maliyet, satın alınacaklar ve bant)
standart hataya gider. Hiçbir çıktı okunan bir dosyanın yerine yazılmaz. Çıkış kodu: 0 başarı,
1 bir çıktı yazılamadı (önceki dosyalar olduğu gibi kalır), 2 hatalı seçenek ya da girdi (o zaman
hiçbir dosya yazılmaz).`,
		example: "kesim nest --stock stok.csv --bands bant.csv --kerf 0,3 parçalar.csv --json - --pdf kesim.pdf",
	}
	cmdBench = &command{
		name:    "bench",
		args:    "[seçenekler] DOSYA.json|KLASÖR",
		summary: "iyileştiriciyi 2BP ve VSBPP örneklerinde ölçer",
		about: `2BP biçimindeki örnekleri (bwmv_500.json) ya da VSBPP kümelerini (bir dosya ya da
../shared/bench/vsbpp/ gibi bir klasör) yerleştirir, her sonucu nest.Verify ile denetler; 2BP'de
sınıf başına sayfa toplamını, VSBPP'de küme ve sınıf başına maliyeti alt sınırlarla ve bilinen en
iyi sonuçlarla karşılaştırır. --perfect N, --perfect-sheets N ve --zero-waste N dosya yerine üretilmiş
örnekler çalıştırır.`,
		example: "kesim bench --time 0 ../shared/bench/2bp/bwmv_500.json",
	}
	cmdServe = &command{
		name:    "serve",
		args:    "[seçenekler]",
		summary: "web uygulamasını ve API'yi sunar",
		about: `Web uygulamasını ve API'yi sunar; her seçenek bir ortam değişkeniyle de verilir. Hesap
yokken yalnız bu bilgisayar erişebilir: ağa açmak için önce bir hesap açın (kesim user
add AD --admin) ya da bilerek --no-auth verin. Ctrl+C süren istekleri bitirip kapatır.`,
		example: "kesim serve --addr 0.0.0.0:8080 --tls-cert sertifika.pem --tls-key anahtar.pem",
	}
	cmdStart = &command{
		name:    "start",
		args:    "[seçenekler]",
		summary: "uygulamayı bu bilgisayarda açar (komutsuz kesim de bunu yapar)",
		about: `Kesim'i bu bilgisayarda başlatır ve varsayılan tarayıcıyı uygulamada açar; çift tıklanan
kesim (komutsuz) bunu yapar. 127.0.0.1:8080'de dinler, o kapı doluysa boş bir kapıda.
Veriler kullanıcının veri klasöründedir: Windows'ta %LOCALAPPDATA%\Kesim, Linux'ta
~/.local/share/kesim ($XDG_DATA_HOME/kesim), macOS'ta ~/Library/Application Support/Kesim;
--db başka bir veritabanı verir. Aynı veritabanıyla çalışan bir Kesim varsa yenisi başlamaz,
tarayıcı onda açılır. Ctrl+C ya da pencereyi kapatmak süren istekleri bitirip durdurur.
kesim serve'ün seçeneklerini alır; KESIM_NO_BROWSER=1 tarayıcıyı açmaz.`,
		example: "kesim --db D:\\Kesim\\kesim.db",
	}
	cmdBackup = &command{
		name:    "backup",
		args:    "[--db URL] [--force] DOSYA",
		summary: "SQLite veritabanını, sunucu çalışırken de, DOSYA'ya yedekler",
		about: `SQLite veritabanının tutarlı bir kopyasını DOSYA'ya yazar; sunucu çalışırken de olur:
kopya, başladığı anda kaydedilmiş her şeyi içerir. Önce DOSYA'nın yanına geçici bir dosya
yazılır, bitince DOSYA adını alır. Var olan DOSYA'nın üzerine yalnız --force ile yazar.
PostgreSQL'i yedeklemez: pg_dump komutunu yazar (çıkış kodu 2). Çıkış kodu: 0 yedeklendi,
1 yedeklenemedi, 2 hatalı komut satırı.`,
		example: "kesim backup --db kesim-data/kesim.db yedek-2026-11-24.db",
	}
	cmdRestore = &command{
		name:    "restore",
		args:    "[--db URL] DOSYA",
		summary: "kesim backup ile alınmış yedeği veritabanının yerine koyar",
		about: `DOSYA'daki yedeği veritabanının yerine koyar. Önce DOSYA'nın bir Kesim veritabanı
olduğunu ve bozuk olmadığını denetler. Veritabanını kullanan bir sunucu (kesim serve,
kesim start) varken reddeder: önce onu durdurun. Eski veritabanı yanına .bak olarak saklanır;
daha önceki .bak, yapıldığı tarihle adlandırılıp (DB.2026-12-07_14-05-09.bak) kalır.
Çıkış kodu: 0 geri yüklendi, 1 geri yüklenemedi (veritabanı kullanımda, DOSYA bir Kesim
yedeği değil), 2 hatalı komut satırı ya da PostgreSQL (pg_restore kullanın).`,
		example: "kesim restore --db kesim-data/kesim.db yedek-2026-11-24.db",
	}
	cmdUser = &command{
		name:    "user",
		args:    "ALTKOMUT [AD] [seçenekler]",
		summary: "hesapları yönetir: add, list, passwd, remove, totp",
		about: `Sunucunun veritabanındaki hesapları yönetir; her alt komut --db URL (KESIM_DATABASE_URL)
alır. İlk hesap açıldığında sunucu ekip kipine geçer: her istek oturum ister ve o ana dek
kullanıcısız kaydedilen parça ve düzenler ilk hesaba geçer.`,
		example: "kesim user add ayse --admin",
	}
	cmdUserAdd = &command{
		name:    "user add",
		args:    "AD [--admin] [--password-file DOSYA] [--db URL]",
		summary: "hesap açar",
		about: `AD adlı hesabı açar. Şifre en az 8 karakterdir; terminalden iki kez sorulur ya da
--password-file dosyasının ilk satırından okunur.`,
		example: "kesim user add ayse --admin",
	}
	cmdUserList = &command{
		name:    "user list",
		args:    "[--db URL]",
		summary: "hesapları listeler",
		about:   "Hesapları adı, rolü ve açıldığı zamanla listeler.",
		example: "kesim user list --db kesim-data/kesim.db",
	}
	cmdUserPasswd = &command{
		name:    "user passwd",
		args:    "AD [--password-file DOSYA] [--db URL]",
		summary: "şifreyi değiştirir",
		about:   "AD adlı hesabın şifresini değiştirir ve açık oturumlarını kapatır.",
		example: "kesim user passwd ayse --password-file yeni-sifre.txt",
	}
	cmdUserRemove = &command{
		name:    "user remove",
		args:    "AD [--last] [--db URL]",
		summary: "hesabı siler",
		about: `AD adlı hesabı, oturumlarını ve kayıtlarını siler. Son hesap yalnız --last ile silinir:
sunucu o zaman oturum istemez ve ona erişen herkes her kaydı görür.`,
		example: "kesim user remove mehmet",
	}
	cmdUserTOTP = &command{
		name:    "user totp",
		args:    "AD [--off] [--db URL]",
		summary: "doğrulama uygulaması ekler ya da kaldırır",
		about: `AD için bir doğrulama uygulaması (TOTP) kaydeder: otpauth:// adresini ve okutulacak QR
kodunu yazar; girişte 6 haneli kod istenir. --off kaldırır. İkisi de AD adlı
hesabın açık oturumlarını kapatır.`,
		example: "kesim user totp ayse",
	}
	cmdVersion = &command{
		name:    "version",
		args:    "",
		summary: "sürümü, commit'i ve Go sürümünü yazar",
		about:   "Kesim'in sürümünü, derlendiği commit'i ve derleyen Go sürümünü yazar.",
		example: "kesim version",
	}
)

// commands are kesim's commands in the order kesim help lists them;
// userCommands are kesim user's.
var (
	commands     = []*command{cmdStart, cmdNest, cmdBench, cmdServe, cmdBackup, cmdRestore, cmdUser, cmdVersion}
	userCommands = []*command{cmdUserAdd, cmdUserList, cmdUserPasswd, cmdUserRemove, cmdUserTOTP}
)

// printUsage writes kesim help: the commands and where to read more.
func printUsage(w io.Writer) {
	fmt.Fprint(w, "Kesim dikdörtgen parçaları tuvallere en az sayfayla yerleştirir ve web uygulamasını sunar.\n\n"+
		"Kullanım:\n  kesim KOMUT [seçenekler] [argümanlar]\n"+
		"  kesim [seçenekler]   komutsuz: kesim start gibi, uygulamayı açar\n\nKomutlar:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, "\nBir komutun kullanımı, seçenekleri ve örneği: kesim help KOMUT (ör. kesim help nest).\n")
}

// printUserUsage writes the usage lines of kesim user's subcommands under
// the heading.
func printUserUsage(w io.Writer, heading string) {
	fmt.Fprintln(w, heading)
	for _, c := range userCommands {
		fmt.Fprintf(w, "  %s\n", c.usageLine())
	}
}

// usageLine is "kesim NAME ARGS".
func (c *command) usageLine() string {
	return strings.TrimSpace("kesim " + c.name + " " + c.args)
}

// flagSet returns an empty flag set for c that prints nothing itself:
// parse reports bad flags and --help.
func (c *command) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("kesim "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parse parses args, flags before or after the arguments, and reports
// whether the command goes on. If not, code is its exit status: 0 after
// --help, with c's help on stdout; 2 after a bad flag, reported on stderr
// with the usage line.
func (c *command) parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, ok bool) {
	err := parseInterspersed(fs, args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		c.printHelp(stdout, fs)
		return 0, false
	default:
		return c.usageError(stderr, flagError(err, fs)), false
	}
}

// usageError writes msg, if any, and c's usage line to stderr, and returns
// the exit status of a bad command line, 2.
func (c *command) usageError(stderr io.Writer, msg string) int {
	if msg != "" {
		fmt.Fprintf(stderr, "kesim %s: %s\n", c.name, msg)
	}
	fmt.Fprintf(stderr, "Kullanım: %s\nAyrıntılar: kesim help %s\n", c.usageLine(), c.name)
	return 2
}

// printHelp writes c's help: the usage line, what it does, the flags of fs
// and an example.
func (c *command) printHelp(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Kullanım: %s\n\n%s\n", c.usageLine(), c.about)
	if c == cmdUser {
		fmt.Fprintln(w)
		printUserUsage(w, "Alt komutlar:")
		fmt.Fprint(w, "Bir alt komutun ayrıntıları: kesim help user ALTKOMUT (ör. kesim help user add).\n")
	}
	if fs != nil && hasFlags(fs) {
		fmt.Fprint(w, "\nSeçenekler:\n")
		printFlags(w, fs)
	}
	fmt.Fprintf(w, "\nÖrnek:\n  %s\n", c.example)
}

// hasFlags reports whether fs defines any flag.
func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// argNames names a flag's value in Turkish when its usage text does not
// (flag.UnquoteUsage then gives the Go type).
var argNames = map[string]string{"string": "METİN", "duration": "SÜRE", "int": "N", "value": "DEĞER"}

// printFlags lists the flags of fs as --name VALUE, the description on the
// next line, with the default when it is not the zero value.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		if name, ok := argNames[arg]; ok {
			arg = name
		}
		fmt.Fprintf(w, "  --%s", f.Name)
		if arg != "" {
			fmt.Fprintf(w, " %s", arg)
		}
		fmt.Fprintf(w, "\n      %s", usage)
		switch f.DefValue {
		case "", "0", "false", "0s":
		default:
			def := f.DefValue
			if isInt(f) {
				def = groupDigits(def)
			}
			fmt.Fprintf(w, " (varsayılan %s)", def)
		}
		fmt.Fprintln(w)
	})
}

// flagError says in Turkish what the flag package found wrong with the
// flags of fs.
func flagError(err error, fs *flag.FlagSet) string {
	msg := err.Error()
	for english, turkish := range map[string]string{
		"flag provided but not defined: -": "bilinmeyen seçenek: --",
		"flag needs an argument: -":        "seçeneğin değeri eksik: --",
		"bad flag syntax: ":                "hatalı seçenek: ",
	} {
		if rest, ok := strings.CutPrefix(msg, english); ok {
			return turkish + rest
		}
	}
	// invalid value "x" for flag -time: parse error
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		if value, flagAndWhy, ok := strings.Cut(rest, " for flag -"); ok {
			name, why, _ := strings.Cut(flagAndWhy, ": ")
			return fmt.Sprintf("--%s %s geçerli değil: %s", name, value, valueProblem(fs.Lookup(name), why, value))
		}
	}
	return msg
}

// valueProblem says in Turkish what the value of the flag fl should be,
// why being the flag package's reason for refusing it: "parse error" or
// "value out of range" for its own kinds of value, our own message for
// the others (listFlag). value is the value as the flag package quotes
// it: a whole number written with thousands dots ("20.000"), as the help
// writes the defaults, is told how to type it.
func valueProblem(fl *flag.Flag, why, value string) string {
	var v any
	if fl != nil {
		if g, ok := fl.Value.(flag.Getter); ok {
			v = g.Get()
		}
	}
	switch v.(type) {
	case time.Duration:
		return "bir süre olmalı (ör. 1s, 500ms, 2m)"
	case bool:
		return "true ya da false olmalı"
	case float64:
		return "bir sayı olmalı"
	case int, int64, uint, uint64:
		if why == "value out of range" {
			return "sayı çok büyük"
		}
		v, err := strconv.Unquote(value)
		if err != nil {
			v = value
		}
		return "bir tam sayı olmalı" + dotsHint(v)
	}
	switch why {
	case "parse error", "value out of range":
		return "değer okunamadı"
	}
	return why
}

// dottedThousands is a whole number written with thousands dots: 20.000.
var dottedThousands = regexp.MustCompile(`^-?[0-9]{1,3}(\.[0-9]{3})+$`)

// dotsHint is what follows "bir tam sayı olmalı" for v, a whole number
// typed as a flag's or an environment variable's value: how to type it
// when it has thousands dots, as the help writes the defaults ("20.000"),
// else nothing.
func dotsHint(v string) string {
	if !dottedThousands.MatchString(v) {
		return ""
	}
	return "; binlik noktası olmadan yazın: " + strings.ReplaceAll(v, ".", "")
}

// isInt reports whether the flag f takes a whole number.
func isInt(f *flag.Flag) bool {
	if g, ok := f.Value.(flag.Getter); ok {
		switch g.Get().(type) {
		case int, int64, uint, uint64:
			return true
		}
	}
	return false
}

// groupDigits writes a whole number the Turkish way, with thousands dots
// (20000 as 20.000), as count does; any other text stays as it is.
func groupDigits(s string) string {
	if n, err := strconv.Atoi(s); err == nil && strconv.Itoa(n) == s {
		return count(n)
	}
	return s
}

// parseInterspersed parses flags that may come before or after the
// positional arguments, as users type them.
func parseInterspersed(fs *flag.FlagSet, args []string) error {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		positional = append(positional, args[0])
		args = args[1:]
		if len(args) == 0 {
			break
		}
	}
	return fs.Parse(append([]string{"--"}, positional...))
}
