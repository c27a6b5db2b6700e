"""Write the bundled parallel sample, resources/corpora/parallel/<code>.txt (issue 24).

The sentences are this project's own: 30 everyday clauses, each said after 10 time
phrases ("Every morning, my grandmother bakes bread."), in 14 languages and 9 scripts, 300
sentences each. Each language has its own table and its own way of joining a time phrase
to a clause (German puts the verb second after the time phrase, so its clauses are stored
verb first; Thai ends a sentence without a stop). Sentence ``k`` uses clause ``k % 30`` and
time phrase ``(k % 30 + k // 30) % 10``, so the first lines already vary both.

Run: ``python scripts/make_parallel_sample.py`` (rewrites the files; they are committed).
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "resources" / "corpora" / "parallel"
N_CLAUSES, N_TIMES = 30, 10

# Each language: (time phrases, clauses, how a sentence is joined).
LANGUAGES: dict[str, tuple[list[str], list[str], str]] = {
    "eng_Latn": (
        ["Every morning", "In the evening", "On Sundays", "On weekends", "Usually",
         "Sometimes", "Often", "Every day", "In the afternoon", "After lunch"],
        ["my grandmother bakes bread", "the children play in the park",
         "my brother reads the newspaper", "the teacher drinks coffee",
         "we walk to the station", "the baker sells fresh bread", "my sister writes letters",
         "the birds sing in the garden", "the train is full", "my father cooks rice",
         "the students study in the library", "the dog sleeps on the sofa",
         "I listen to music", "my friends play football", "the market is very busy",
         "my mother waters the flowers", "the old man feeds the cats",
         "we drink tea together", "the doctor works at the hospital", "the bus is late",
         "my uncle fishes in the river", "the girls sing songs", "the city is quiet",
         "I clean my room", "the farmer works in the field", "my neighbour washes his car",
         "the cat watches the birds", "the baby sleeps", "they learn a new language",
         "the wind blows from the sea"],
        "{time}, {clause}."),
    "fra_Latn": (
        ["Chaque matin", "Le soir", "Le dimanche", "Le week-end", "D'habitude", "Parfois",
         "Souvent", "Tous les jours", "L'après-midi", "Après le déjeuner"],
        ["ma grand-mère fait du pain", "les enfants jouent dans le parc",
         "mon frère lit le journal", "le professeur boit du café",
         "nous marchons jusqu'à la gare", "le boulanger vend du pain frais",
         "ma sœur écrit des lettres", "les oiseaux chantent dans le jardin",
         "le train est plein", "mon père fait cuire du riz",
         "les étudiants travaillent à la bibliothèque", "le chien dort sur le canapé",
         "j'écoute de la musique", "mes amis jouent au football",
         "le marché est très animé", "ma mère arrose les fleurs",
         "le vieil homme nourrit les chats", "nous buvons du thé ensemble",
         "le médecin travaille à l'hôpital", "le bus est en retard",
         "mon oncle pêche dans la rivière", "les filles chantent des chansons",
         "la ville est calme", "je nettoie ma chambre",
         "le paysan travaille dans les champs", "mon voisin lave sa voiture",
         "le chat regarde les oiseaux", "le bébé dort", "ils apprennent une nouvelle langue",
         "le vent souffle de la mer"],
        "{time}, {clause}."),
    "deu_Latn": (
        ["Jeden Morgen", "Am Abend", "Sonntags", "Am Wochenende", "Normalerweise",
         "Manchmal", "Oft", "Jeden Tag", "Am Nachmittag", "Nach dem Mittagessen"],
        # verb first: after a time phrase the German verb comes second
        ["backt meine Großmutter Brot", "spielen die Kinder im Park",
         "liest mein Bruder die Zeitung", "trinkt der Lehrer Kaffee",
         "gehen wir zu Fuß zum Bahnhof", "verkauft der Bäcker frisches Brot",
         "schreibt meine Schwester Briefe", "singen die Vögel im Garten",
         "ist der Zug voll", "kocht mein Vater Reis",
         "lernen die Studenten in der Bibliothek", "schläft der Hund auf dem Sofa",
         "höre ich Musik", "spielen meine Freunde Fußball", "ist der Markt sehr belebt",
         "gießt meine Mutter die Blumen", "füttert der alte Mann die Katzen",
         "trinken wir zusammen Tee", "arbeitet der Arzt im Krankenhaus",
         "hat der Bus Verspätung", "angelt mein Onkel im Fluss",
         "singen die Mädchen Lieder", "ist die Stadt ruhig", "putze ich mein Zimmer",
         "arbeitet der Bauer auf dem Feld", "wäscht mein Nachbar sein Auto",
         "beobachtet die Katze die Vögel", "schläft das Baby",
         "lernen sie eine neue Sprache", "weht der Wind vom Meer"],
        "{time} {clause}."),
    "spa_Latn": (
        ["Cada mañana", "Por la noche", "Los domingos", "Los fines de semana", "Normalmente",
         "A veces", "A menudo", "Todos los días", "Por la tarde", "Después del almuerzo"],
        ["mi abuela hace pan", "los niños juegan en el parque",
         "mi hermano lee el periódico", "el profesor toma café",
         "caminamos hasta la estación", "el panadero vende pan fresco",
         "mi hermana escribe cartas", "los pájaros cantan en el jardín",
         "el tren está lleno", "mi padre cocina arroz",
         "los estudiantes estudian en la biblioteca", "el perro duerme en el sofá",
         "escucho música", "mis amigos juegan al fútbol", "el mercado está muy concurrido",
         "mi madre riega las flores", "el anciano da de comer a los gatos",
         "tomamos té juntos", "el médico trabaja en el hospital", "el autobús llega tarde",
         "mi tío pesca en el río", "las chicas cantan canciones",
         "la ciudad está tranquila", "limpio mi habitación",
         "el campesino trabaja en el campo", "mi vecino lava su coche",
         "el gato mira a los pájaros", "el bebé duerme", "ellos aprenden un idioma nuevo",
         "el viento sopla desde el mar"],
        "{time}, {clause}."),
    "tur_Latn": (
        ["Her sabah", "Akşamları", "Pazar günleri", "Hafta sonları", "Genellikle", "Bazen",
         "Sık sık", "Her gün", "Öğleden sonra", "Öğle yemeğinden sonra"],
        ["büyükannem ekmek pişirir", "çocuklar parkta oynar", "ağabeyim gazete okur",
         "öğretmen kahve içer", "istasyona yürürüz", "fırıncı taze ekmek satar",
         "kız kardeşim mektup yazar", "kuşlar bahçede öter", "tren dolu olur",
         "babam pilav pişirir", "öğrenciler kütüphanede ders çalışır",
         "köpek kanepede uyur", "müzik dinlerim", "arkadaşlarım futbol oynar",
         "çarşı çok kalabalık olur", "annem çiçekleri sular", "yaşlı adam kedileri besler",
         "birlikte çay içeriz", "doktor hastanede çalışır", "otobüs gecikir",
         "amcam nehirde balık tutar", "kızlar şarkı söyler", "şehir sessiz olur",
         "odamı temizlerim", "çiftçi tarlada çalışır", "komşum arabasını yıkar",
         "kedi kuşları izler", "bebek uyur", "onlar yeni bir dil öğrenir",
         "rüzgâr denizden eser"],
        "{time} {clause}."),
    "rus_Cyrl": (
        ["Каждое утро", "Вечером", "По воскресеньям", "По выходным", "Обычно", "Иногда",
         "Часто", "Каждый день", "Днём", "После обеда"],
        ["моя бабушка печёт хлеб", "дети играют в парке", "мой брат читает газету",
         "учитель пьёт кофе", "мы ходим пешком на вокзал", "пекарь продаёт свежий хлеб",
         "моя сестра пишет письма", "птицы поют в саду", "поезд переполнен",
         "мой отец варит рис", "студенты занимаются в библиотеке", "собака спит на диване",
         "я слушаю музыку", "мои друзья играют в футбол", "на рынке очень людно",
         "моя мама поливает цветы", "старик кормит кошек", "мы вместе пьём чай",
         "врач работает в больнице", "автобус опаздывает", "мой дядя ловит рыбу в реке",
         "девочки поют песни", "в городе тихо", "я убираю свою комнату",
         "фермер работает в поле", "мой сосед моет свою машину",
         "кошка наблюдает за птицами", "малыш спит", "они изучают новый язык",
         "ветер дует с моря"],
        "{time} {clause}."),
    "ell_Grek": (
        ["Κάθε πρωί", "Το βράδυ", "Τις Κυριακές", "Τα Σαββατοκύριακα", "Συνήθως",
         "Μερικές φορές", "Συχνά", "Κάθε μέρα", "Το απόγευμα", "Μετά το μεσημεριανό"],
        ["η γιαγιά μου ψήνει ψωμί", "τα παιδιά παίζουν στο πάρκο",
         "ο αδερφός μου διαβάζει την εφημερίδα", "ο δάσκαλος πίνει καφέ",
         "περπατάμε μέχρι τον σταθμό", "ο φούρναρης πουλάει φρέσκο ψωμί",
         "η αδερφή μου γράφει γράμματα", "τα πουλιά τραγουδούν στον κήπο",
         "το τρένο είναι γεμάτο", "ο πατέρας μου μαγειρεύει ρύζι",
         "οι φοιτητές διαβάζουν στη βιβλιοθήκη", "ο σκύλος κοιμάται στον καναπέ",
         "ακούω μουσική", "οι φίλοι μου παίζουν ποδόσφαιρο", "η αγορά έχει πολύ κόσμο",
         "η μητέρα μου ποτίζει τα λουλούδια", "ο γέρος ταΐζει τις γάτες",
         "πίνουμε τσάι μαζί", "ο γιατρός δουλεύει στο νοσοκομείο", "το λεωφορείο αργεί",
         "ο θείος μου ψαρεύει στο ποτάμι", "τα κορίτσια τραγουδούν τραγούδια",
         "η πόλη είναι ήσυχη", "καθαρίζω το δωμάτιό μου", "ο αγρότης δουλεύει στο χωράφι",
         "ο γείτονάς μου πλένει το αυτοκίνητό του", "η γάτα κοιτάζει τα πουλιά",
         "το μωρό κοιμάται", "μαθαίνουν μια καινούργια γλώσσα",
         "ο άνεμος φυσάει από τη θάλασσα"],
        "{time} {clause}."),
    "arb_Arab": (
        ["كل صباح", "في المساء", "أيام الأحد", "في عطلة نهاية الأسبوع", "عادةً", "أحيانًا",
         "غالبًا", "كل يوم", "بعد الظهر", "بعد الغداء"],
        ["جدتي تخبز الخبز", "الأطفال يلعبون في المنتزه", "أخي يقرأ الجريدة",
         "المعلم يشرب القهوة", "نمشي إلى المحطة", "الخباز يبيع خبزًا طازجًا",
         "أختي تكتب رسائل", "الطيور تغني في الحديقة", "القطار ممتلئ", "أبي يطبخ الأرز",
         "الطلاب يدرسون في المكتبة", "الكلب ينام على الأريكة", "أستمع إلى الموسيقى",
         "أصدقائي يلعبون كرة القدم", "السوق مزدحم جدًا", "أمي تسقي الزهور",
         "الرجل العجوز يطعم القطط", "نشرب الشاي معًا", "الطبيب يعمل في المستشفى",
         "الحافلة تتأخر", "عمي يصطاد السمك في النهر", "الفتيات يغنين الأغاني",
         "المدينة هادئة", "أنظف غرفتي", "المزارع يعمل في الحقل", "جاري يغسل سيارته",
         "القطة تراقب الطيور", "الرضيع ينام", "هم يتعلمون لغة جديدة",
         "الرياح تهب من البحر"],
        "{time}، {clause}."),
    "heb_Hebr": (
        ["כל בוקר", "בערב", "בימי ראשון", "בסופי שבוע", "בדרך כלל", "לפעמים",
         "לעתים קרובות", "כל יום", "אחר הצהריים", "אחרי ארוחת הצהריים"],
        ["סבתא שלי אופה לחם", "הילדים משחקים בפארק", "אח שלי קורא את העיתון",
         "המורה שותה קפה", "אנחנו הולכים ברגל לתחנה", "האופה מוכר לחם טרי",
         "אחותי כותבת מכתבים", "הציפורים שרות בגינה", "הרכבת מלאה", "אבא שלי מבשל אורז",
         "הסטודנטים לומדים בספרייה", "הכלב ישן על הספה", "אני מקשיב למוזיקה",
         "החברים שלי משחקים כדורגל", "השוק עמוס מאוד", "אמא שלי משקה את הפרחים",
         "הזקן מאכיל את החתולים", "אנחנו שותים תה יחד", "הרופא עובד בבית החולים",
         "האוטובוס מאחר", "הדוד שלי דג בנהר", "הבנות שרות שירים", "העיר שקטה",
         "אני מנקה את החדר שלי", "החקלאי עובד בשדה", "השכן שלי שוטף את המכונית שלו",
         "החתולה מסתכלת על הציפורים", "התינוק ישן", "הם לומדים שפה חדשה",
         "הרוח נושבת מהים"],
        "{time} {clause}."),
    "hin_Deva": (
        ["हर सुबह", "शाम को", "रविवार को", "सप्ताहांत में", "आमतौर पर", "कभी-कभी", "अक्सर",
         "हर दिन", "दोपहर में", "दोपहर के खाने के बाद"],
        ["मेरी दादी रोटी बनाती हैं", "बच्चे पार्क में खेलते हैं", "मेरा भाई अख़बार पढ़ता है",
         "शिक्षक कॉफ़ी पीते हैं", "हम स्टेशन तक पैदल जाते हैं", "बेकर ताज़ी ब्रेड बेचता है",
         "मेरी बहन चिट्ठियाँ लिखती है", "पक्षी बगीचे में गाते हैं", "ट्रेन भरी रहती है",
         "मेरे पिताजी चावल पकाते हैं", "छात्र पुस्तकालय में पढ़ाई करते हैं",
         "कुत्ता सोफ़े पर सोता है", "मैं संगीत सुनता हूँ", "मेरे दोस्त फ़ुटबॉल खेलते हैं",
         "बाज़ार में बहुत भीड़ रहती है", "मेरी माँ फूलों को पानी देती हैं",
         "बूढ़ा आदमी बिल्लियों को खाना खिलाता है", "हम साथ में चाय पीते हैं",
         "डॉक्टर अस्पताल में काम करते हैं", "बस देर से आती है",
         "मेरे चाचा नदी में मछली पकड़ते हैं", "लड़कियाँ गाने गाती हैं", "शहर शांत रहता है",
         "मैं अपना कमरा साफ़ करता हूँ", "किसान खेत में काम करता है",
         "मेरा पड़ोसी अपनी गाड़ी धोता है", "बिल्ली पक्षियों को देखती है", "शिशु सोता है",
         "वे एक नई भाषा सीखते हैं", "हवा समुद्र की ओर से चलती है"],
        "{time} {clause}।"),
    "kor_Hang": (
        ["매일 아침", "저녁에", "일요일마다", "주말마다", "보통", "가끔", "자주", "매일",
         "오후에", "점심 식사 후에"],
        ["우리 할머니는 빵을 구우세요", "아이들은 공원에서 놀아요", "우리 형은 신문을 읽어요",
         "선생님은 커피를 드세요", "우리는 역까지 걸어가요", "제빵사는 신선한 빵을 팔아요",
         "제 여동생은 편지를 써요", "새들은 정원에서 노래해요", "기차가 꽉 차요",
         "아버지는 밥을 지으세요", "학생들은 도서관에서 공부해요", "개는 소파에서 자요",
         "저는 음악을 들어요", "제 친구들은 축구를 해요", "시장은 아주 붐벼요",
         "어머니는 꽃에 물을 주세요", "노인은 고양이들에게 먹이를 줘요",
         "우리는 함께 차를 마셔요", "의사는 병원에서 일해요", "버스가 늦게 와요",
         "삼촌은 강에서 낚시를 해요", "소녀들은 노래를 불러요", "도시는 조용해요",
         "저는 제 방을 청소해요", "농부는 밭에서 일해요", "제 이웃은 자기 차를 세차해요",
         "고양이는 새들을 지켜봐요", "아기는 자요", "그들은 새로운 언어를 배워요",
         "바다에서 바람이 불어요"],
        "{time} {clause}."),
    "zho_Hans": (
        ["每天早上", "晚上", "每个星期天", "周末", "通常", "有时候", "经常", "每天", "下午",
         "午饭后"],
        ["我奶奶烤面包", "孩子们在公园里玩", "我哥哥看报纸", "老师喝咖啡", "我们走路去车站",
         "面包师卖新鲜的面包", "我妹妹写信", "鸟儿在花园里唱歌", "火车很挤", "我爸爸煮米饭",
         "学生们在图书馆学习", "狗在沙发上睡觉", "我听音乐", "我的朋友们踢足球",
         "市场非常热闹", "我妈妈给花浇水", "老人喂猫", "我们一起喝茶", "医生在医院工作",
         "公共汽车晚点", "我叔叔在河里钓鱼", "女孩们唱歌", "城市很安静", "我打扫我的房间",
         "农民在田里干活", "我的邻居洗他的车", "猫看着鸟儿", "宝宝在睡觉",
         "他们学习一门新语言", "风从海上吹来"],
        "{time}，{clause}。"),
    "jpn_Jpan": (
        ["毎朝", "夕方に", "日曜日には", "週末には", "ふだん", "ときどき", "よく", "毎日",
         "午後に", "昼ご飯の後で"],
        ["祖母はパンを焼きます", "子どもたちは公園で遊びます", "兄は新聞を読みます",
         "先生はコーヒーを飲みます", "私たちは駅まで歩きます", "パン屋さんは焼きたてのパンを売ります",
         "妹は手紙を書きます", "鳥が庭でさえずります", "電車は満員です", "父はご飯を炊きます",
         "学生たちは図書館で勉強します", "犬はソファで寝ます", "私は音楽を聴きます",
         "友だちはサッカーをします", "市場はとてもにぎやかです", "母は花に水をやります",
         "おじいさんは猫にえさをやります", "私たちはいっしょにお茶を飲みます",
         "医者は病院で働きます", "バスは遅れます", "おじは川で釣りをします",
         "女の子たちは歌を歌います", "町は静かです", "私は自分の部屋を掃除します",
         "農家の人は畑で働きます", "隣の人は自分の車を洗います", "猫は鳥を見ています",
         "赤ちゃんは眠っています", "彼らは新しい言語を学びます", "海から風が吹きます"],
        "{time}、{clause}。"),
    "tha_Thai": (
        ["ทุกเช้า", "ตอนเย็น", "ทุกวันอาทิตย์", "ทุกสุดสัปดาห์", "ปกติ", "บางครั้ง",
         "บ่อยครั้ง", "ทุกวัน", "ตอนบ่าย", "หลังอาหารกลางวัน"],
        ["คุณยายของฉันอบขนมปัง", "เด็ก ๆ เล่นในสวนสาธารณะ", "พี่ชายของฉันอ่านหนังสือพิมพ์",
         "คุณครูดื่มกาแฟ", "พวกเราเดินไปที่สถานีรถไฟ", "คนทำขนมปังขายขนมปังสด",
         "น้องสาวของฉันเขียนจดหมาย", "นกร้องเพลงในสวน", "รถไฟคนแน่น", "พ่อของฉันหุงข้าว",
         "นักศึกษาอ่านหนังสือในห้องสมุด", "สุนัขนอนบนโซฟา", "ฉันฟังเพลง",
         "เพื่อน ๆ ของฉันเล่นฟุตบอล", "ตลาดคึกคักมาก", "แม่ของฉันรดน้ำดอกไม้",
         "ชายชราให้อาหารแมว", "พวกเราดื่มชาด้วยกัน", "คุณหมอทำงานที่โรงพยาบาล",
         "รถเมล์มาสาย", "ลุงของฉันตกปลาที่แม่น้ำ", "เด็กผู้หญิงร้องเพลง", "เมืองเงียบสงบ",
         "ฉันทำความสะอาดห้องของฉัน", "ชาวนาทำงานในทุ่งนา", "เพื่อนบ้านของฉันล้างรถของเขา",
         "แมวมองดูนก", "ทารกนอนหลับ", "พวกเขาเรียนภาษาใหม่", "ลมพัดมาจากทะเล"],
        "{time} {clause}"),  # Thai ends a sentence without a stop
}


def sentences(code: str) -> list[str]:
    """The language's 300 sentences, in file order."""
    times, clauses, pattern = LANGUAGES[code]
    assert len(times) == N_TIMES and len(clauses) == N_CLAUSES, code
    out = []
    for k in range(N_CLAUSES * N_TIMES):
        c = k % N_CLAUSES
        t = (c + k // N_CLAUSES) % N_TIMES
        out.append(pattern.format(time=times[t], clause=clauses[c]))
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for code in LANGUAGES:
        (OUT / f"{code}.txt").write_text("\n".join(sentences(code)) + "\n", encoding="utf-8")
    print(f"wrote {len(LANGUAGES)} languages to {OUT}")


if __name__ == "__main__":
    main()
