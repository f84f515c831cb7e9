/**
 * The demo's construction updates (demo-content.ts): per project, days before seeding, the Arabic title, summary and
 * notes, stage percentages (0–100) and the photos drawn for it (indexes into demo-content.ts's photo pools).
 */
import type { Stages } from "./demo-projects.ts";

export interface UpdateSeed {
  project: string;
  daysAgo: number;
  title: string;
  summary: string;
  notes: string;
  stages: Stages;
  completion: number;
  /** Indexes into the interior and aerial photo pools. */
  interior: number[];
  drone: number[];
  /** Use the project's nth image as thumbnail; null leaves it empty (the card falls back to the interior photo). */
  thumbnail: number | null;
}

export const UPDATES: UpdateSeed[] = [
  {
    project: "zahra",
    daysAgo: 175,
    title: "تسليم وحدات دار الزهراء لملاكها",
    summary: "اكتملت جميع أعمال المشروع وبدأ تسليم الشقق للملاك بعد اجتياز الفحص النهائي.",
    notes: "تم استلام شهادة إتمام البناء من أمانة محافظة جدة، وتسليم محاضر الاستلام لجميع الملاك.",
    stages: { concrete: 100, plumbing: 100, electrical: 100, finishing: 100 },
    completion: 100,
    interior: [0, 2],
    drone: [5],
    thumbnail: 0,
  },
  {
    project: "sahel",
    daysAgo: 168,
    title: "انطلاق أعمال الهيكل الخرساني في الساحل ريزيدنس",
    summary: "انتهت أعمال الحفر والقواعد، وبدأ صب أعمدة وسقف الدور الأرضي للعمارتين.",
    notes: "نُفّذ العزل المائي للقواعد بطبقتين، واعتمد الاستشاري نتائج اختبارات مكعبات الخرسانة.",
    stages: { concrete: 40, plumbing: 0, electrical: 0, finishing: 0 },
    completion: 15,
    interior: [1],
    drone: [0, 1],
    thumbnail: null,
  },
  {
    project: "naeem",
    daysAgo: 150,
    title: "واحة النعيم: المرحلة الأخيرة من التشطيبات",
    summary: "أعمال الدهانات والأرضيات في مراحلها الأخيرة، وتركيب المطابخ جارٍ في الأدوار العليا.",
    notes: "بدأ تركيب المصاعد وتشغيل مضخات المياه تجريبيًا، والتسليم المتوقع خلال ثلاثة أشهر.",
    stages: { concrete: 100, plumbing: 100, electrical: 100, finishing: 85 },
    completion: 95,
    interior: [2, 4],
    drone: [2],
    thumbnail: 1,
  },
  {
    project: "salamah",
    daysAgo: 138,
    title: "اكتمال الهيكل الإنشائي لعمائر نخيل السلامة",
    summary: "اكتمل صب أسقف العمائر الثلاث، وبدأت أعمال البلوك والتمديدات الصحية والكهربائية.",
    notes: "تقدّم العمل وفق الجدول الزمني، مع تركيب خزانات المياه العلوية والأرضية.",
    stages: { concrete: 100, plumbing: 70, electrical: 60, finishing: 20 },
    completion: 60,
    interior: [3, 5],
    drone: [3, 4],
    thumbnail: null,
  },
  {
    project: "rawdah",
    daysAgo: 118,
    title: "أبراج الروضة: صب القواعد والأعمدة",
    summary: "اكتملت أعمال الحفر وصب القواعد المسلحة، وبدأ تنفيذ أعمدة الدور الأرضي.",
    notes: "تم تنفيذ الإحلال والدك للتربة وفق توصيات تقرير التربة المعتمد.",
    stages: { concrete: 45, plumbing: 0, electrical: 0, finishing: 0 },
    completion: 15,
    interior: [1],
    drone: [1],
    thumbnail: null,
  },
  {
    project: "sahel",
    daysAgo: 96,
    title: "الساحل ريزيدنس: صب سقف الدور الخامس",
    summary: "وصلت الأعمال الخرسانية إلى الدور الخامس، وبدأت تمديدات السباكة والكهرباء في الأدوار السفلية.",
    notes: "تم توريد ألواح الواجهات الزجاجية الأولى، واعتماد عينات البورسلان من المالك.",
    stages: { concrete: 80, plumbing: 35, electrical: 25, finishing: 0 },
    completion: 40,
    interior: [3, 7],
    drone: [0, 4, 5],
    thumbnail: 1,
  },
  {
    project: "naeem",
    daysAgo: 62,
    title: "واحة النعيم جاهزة للسكن",
    summary: "اكتمل المشروع بالكامل وأصبح جاهزًا للسكن، مع بقاء عدد محدود من الوحدات المتاحة.",
    notes: "صدرت شهادة الإشغال، وجُهّزت الشقق النموذجية للزيارة يوميًا من الرابعة عصرًا.",
    stages: { concrete: 100, plumbing: 100, electrical: 100, finishing: 100 },
    completion: 100,
    interior: [0, 4, 6],
    drone: [2],
    thumbnail: 0,
  },
  {
    project: "muhammadiyah",
    daysAgo: 34,
    title: "ريحانة المحمدية: انطلاق الأعمال الإنشائية",
    summary: "اكتملت أعمال الحفر والقواعد، وبدأ صب أعمدة وسقف القبو.",
    notes: "تم تركيب الرافعة البرجية وتجهيز مكاتب الموقع، والعمل يسير بورديتين يوميًا.",
    stages: { concrete: 45, plumbing: 5, electrical: 0, finishing: 0 },
    completion: 20,
    interior: [5],
    drone: [3, 0],
    thumbnail: null,
  },
  {
    project: "rawdah",
    daysAgo: 19,
    title: "أبراج الروضة: الهيكل يصل إلى الدور السادس",
    summary: "اكتمل صب سقف الدور السادس، وبدأت أعمال البلوك والتمديدات في الأدوار الأولى.",
    notes: "تم اعتماد مخططات التكييف المركزي للممرات، وتوريد مواسير السباكة.",
    stages: { concrete: 85, plumbing: 30, electrical: 20, finishing: 0 },
    completion: 40,
    interior: [7, 1],
    drone: [4, 2],
    thumbnail: 2,
  },
  {
    project: "sahel",
    daysAgo: 11,
    title: "الساحل ريزيدنس: اكتمال الهيكل وبدء التشطيبات",
    summary: "اكتملت الأعمال الخرسانية للعمارتين، وبدأت أعمال اللياسة والأرضيات في الأدوار الأولى.",
    notes: "اكتمل تركيب ٦٠٪ من التمديدات الكهربائية، وبدأ تركيب الواجهات الزجاجية للعمارة الأولى.",
    stages: { concrete: 100, plumbing: 70, electrical: 60, finishing: 25 },
    completion: 65,
    interior: [7, 3, 6],
    drone: [5, 1],
    thumbnail: null,
  },
  {
    project: "salamah",
    daysAgo: 4,
    title: "نخيل السلامة في المرحلة الأخيرة من التشطيب",
    summary: "أعمال الدهانات والأرضيات جارية في العمائر الثلاث، وتركيب المطابخ يبدأ الشهر المقبل.",
    notes: "اكتملت اختبارات ضغط شبكة المياه، وبدأ تنسيق الموقع وزراعة النخيل في المدخل.",
    stages: { concrete: 100, plumbing: 95, electrical: 90, finishing: 60 },
    completion: 85,
    interior: [6, 2],
    drone: [3],
    thumbnail: 0,
  },
];
