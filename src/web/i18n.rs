//! The page's words in English, French, Vietnamese and Chinese.

use crate::ai::Level;
use crate::rules::{Color, Reason, RuleSet};

pub use crate::params::Lang;

/// Every text the page shows, by key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    NewGame,
    Undo,
    Hint,
    Resign,
    Moves,
    FaceDown,
    Captured,
    Settings,
    Rules,
    Opponent,
    Side,
    Pieces,
    Language,
    Notation,
    Sound,
    Animation,
    Coordinates,
    Cancel,
    Start,
    Ok,
    GameOver,
    YourMove,
    AiToMove,
    RedToMove,
    BlackToMove,
    Thinking,
    StartingAi,
    Check,
    Red,
    Black,
    Wins,
    Draw,
    Reviewing,
    BackToGame,
    NothingToUndo,
    HintIs,
    LookingForHint,
    SavedGameSetAside,
    LinkRefused,
    OtherTab,
    CapturedFaceDown,
    Unknown,
    Easy,
    Medium,
    Hard,
    TwoPlayers,
    Random,
    Off,
    Fast,
    Normal,
    Slow,
    Beginner,
    LevelDescBeginner,
    LevelDescEasy,
    LevelDescMedium,
    LevelDescHard,
    You,
    Ai,
    HowToPlay,
    Close,
    Flip,
    Theme,
    ToggleTheme,
    ThemeAuto,
    ThemeLight,
    ThemeDark,
    RotateForSide,
    TakebacksLabel,
    TakebacksFair,
    TakebacksCasual,
    TakebacksOff,
    TakebacksFairDesc,
    TakebacksCasualDesc,
    TakebacksOffDesc,
    TakebackRefused,
    TakebacksUsed,
    TakebacksNone,
    Clock,
    NoClock,
    ConfirmResign,
    YouWon,
    YouLost,
    DrawTitle,
    Rematch,
    Review,
    Export,
    Import,
    CopyText,
    CopyLink,
    Copied,
    CopyFailed,
    ImportFailed,
    ShowPercent,
    TakenFrom,
    TakenFromRed,
    TakenFromBlack,
    WorkerFailed,
    WorkerRestarting,
    PlayTwoPlayers,
    RetryAi,
    SomethingWrong,
    Reload,
    ThinkingFor,
    GameFinished,
    NotYourMove,
    NoTakebackAfterEnd,
    TimeLow,
    /// The group of page buttons (new game, undo...).
    GameControls,
    MoveList,
    /// The review buttons « ‹ › ».
    FirstPosition,
    PreviousMove,
    NextMove,
    CurrentPosition,
    /// Said in the live region after a take-back.
    TakenBack,
    /// Said when the player's move and the AI's reply both went back.
    TakenBackBoth,
}

pub fn t(lang: Lang, key: Key) -> &'static str {
    use Key::*;
    use Lang::*;
    match (key, lang) {
        (NewGame, En) => "New game",
        (NewGame, Fr) => "Nouvelle partie",
        (NewGame, Vi) => "Ván mới",
        (NewGame, Zh) => "新局",
        (Undo, En) => "Undo",
        (Undo, Fr) => "Annuler",
        (Undo, Vi) => "Đi lại",
        (Undo, Zh) => "悔棋",
        (Hint, En) => "Hint",
        (Hint, Fr) => "Conseil",
        (Hint, Vi) => "Gợi ý",
        (Hint, Zh) => "提示",
        (Resign, En) => "Resign",
        (Resign, Fr) => "Abandonner",
        (Resign, Vi) => "Xin thua",
        (Resign, Zh) => "认输",
        (Moves, En) => "Moves",
        (Moves, Fr) => "Coups",
        (Moves, Vi) => "Nước đi",
        (Moves, Zh) => "棋谱",
        (FaceDown, En) => "Face down",
        (FaceDown, Fr) => "Pièces cachées",
        (FaceDown, Vi) => "Quân úp",
        (FaceDown, Zh) => "暗子",
        (Captured, En) => "Captured",
        (Captured, Fr) => "Prises",
        (Captured, Vi) => "Quân bị ăn",
        (Captured, Zh) => "被吃子",
        (Settings, En) => "Settings",
        (Settings, Fr) => "Réglages",
        (Settings, Vi) => "Cài đặt",
        (Settings, Zh) => "设置",
        (Rules, En) => "Rules",
        (Rules, Fr) => "Règles",
        (Rules, Vi) => "Luật",
        (Rules, Zh) => "规则",
        (Opponent, En) => "Opponent",
        (Opponent, Fr) => "Adversaire",
        (Opponent, Vi) => "Đối thủ",
        (Opponent, Zh) => "对手",
        (Side, En) => "Side",
        (Side, Fr) => "Camp",
        (Side, Vi) => "Bên",
        (Side, Zh) => "执子",
        (Pieces, En) => "Pieces",
        (Pieces, Fr) => "Pièces",
        (Pieces, Vi) => "Quân cờ",
        (Pieces, Zh) => "棋子",
        (Language, En) => "Language",
        (Language, Fr) => "Langue",
        (Language, Vi) => "Ngôn ngữ",
        (Language, Zh) => "语言",
        (Notation, En) => "Notation",
        (Notation, Fr) => "Notation",
        (Notation, Vi) => "Ký hiệu",
        (Notation, Zh) => "记谱",
        (Sound, En) => "Sound",
        (Sound, Fr) => "Son",
        (Sound, Vi) => "Âm thanh",
        (Sound, Zh) => "声音",
        (Animation, En) => "Animation",
        (Animation, Fr) => "Animation",
        (Animation, Vi) => "Hiệu ứng",
        (Animation, Zh) => "动画",
        (Coordinates, En) => "Coordinates",
        (Coordinates, Fr) => "Coordonnées",
        (Coordinates, Vi) => "Tọa độ",
        (Coordinates, Zh) => "坐标",
        (Cancel, En) => "Cancel",
        (Cancel, Fr) => "Annuler",
        (Cancel, Vi) => "Hủy",
        (Cancel, Zh) => "取消",
        (Start, En) => "Start",
        (Start, Fr) => "Commencer",
        (Start, Vi) => "Bắt đầu",
        (Start, Zh) => "开始",
        (Ok, _) => "OK",
        (GameOver, En) => "Game over",
        (GameOver, Fr) => "Partie terminée",
        (GameOver, Vi) => "Hết ván",
        (GameOver, Zh) => "对局结束",
        (YourMove, En) => "Your move",
        (YourMove, Fr) => "À vous de jouer",
        (YourMove, Vi) => "Đến lượt bạn",
        (YourMove, Zh) => "轮到你走",
        (AiToMove, En) => "AI to move",
        (AiToMove, Fr) => "Au tour de l'ordinateur",
        (AiToMove, Vi) => "Đến lượt máy",
        (AiToMove, Zh) => "电脑走棋",
        (RedToMove, En) => "Red to move",
        (RedToMove, Fr) => "Aux Rouges de jouer",
        (RedToMove, Vi) => "Đỏ đi",
        (RedToMove, Zh) => "红方走棋",
        (BlackToMove, En) => "Black to move",
        (BlackToMove, Fr) => "Aux Noirs de jouer",
        (BlackToMove, Vi) => "Đen đi",
        (BlackToMove, Zh) => "黑方走棋",
        (Thinking, En) => "AI is thinking…",
        (Thinking, Fr) => "L'ordinateur réfléchit…",
        (Thinking, Vi) => "Máy đang nghĩ…",
        (Thinking, Zh) => "电脑思考中…",
        (StartingAi, En) => "Starting the AI…",
        (StartingAi, Fr) => "Démarrage de l'ordinateur…",
        (StartingAi, Vi) => "Đang khởi động máy…",
        (StartingAi, Zh) => "正在启动电脑…",
        (Check, En) => "Check!",
        (Check, Fr) => "Échec !",
        (Check, Vi) => "Chiếu!",
        (Check, Zh) => "将军！",
        (Red, En) => "Red",
        (Red, Fr) => "Rouge",
        (Red, Vi) => "Đỏ",
        (Red, Zh) => "红方",
        (Black, En) => "Black",
        (Black, Fr) => "Noir",
        (Black, Vi) => "Đen",
        (Black, Zh) => "黑方",
        (Wins, En) => "wins",
        (Wins, Fr) => "gagne",
        (Wins, Vi) => "thắng",
        (Wins, Zh) => "胜",
        (Draw, En) => "Draw",
        (Draw, Fr) => "Partie nulle",
        (Draw, Vi) => "Hòa",
        (Draw, Zh) => "和棋",
        (Reviewing, En) => "Reviewing move",
        (Reviewing, Fr) => "Revue du coup",
        (Reviewing, Vi) => "Đang xem nước",
        (Reviewing, Zh) => "回顾第",
        (BackToGame, En) => "moves are played from the current position: tap »",
        (BackToGame, Fr) => "on ne joue que depuis la position actuelle : touchez »",
        (BackToGame, Vi) => "chỉ đi được ở thế cờ hiện tại: bấm »",
        (BackToGame, Zh) => "只能在当前局面走棋：点 »",
        (NothingToUndo, En) => "Nothing to undo",
        (NothingToUndo, Fr) => "Rien à annuler",
        (NothingToUndo, Vi) => "Không có gì để đi lại",
        (NothingToUndo, Zh) => "无棋可悔",
        (HintIs, En) => "Hint:",
        (HintIs, Fr) => "Conseil :",
        (HintIs, Vi) => "Gợi ý:",
        (HintIs, Zh) => "提示：",
        (LookingForHint, En) => "Looking for a hint…",
        (LookingForHint, Fr) => "Recherche d'un conseil…",
        (LookingForHint, Vi) => "Đang tìm gợi ý…",
        (LookingForHint, Zh) => "正在寻找提示…",
        (SavedGameSetAside, En) => "The saved game could not be read; it was set aside and a new game started.",
        (SavedGameSetAside, Fr) => "La partie enregistrée est illisible ; elle a été mise de côté et une nouvelle partie commence.",
        (SavedGameSetAside, Vi) => "Không đọc được ván đã lưu; ván đó được cất riêng và một ván mới bắt đầu.",
        (SavedGameSetAside, Zh) => "无法读取已保存的对局；已另存并开始新局。",
        (LinkRefused, En) => "The game in the link could not be read, so it was not opened.",
        (LinkRefused, Fr) => "La partie du lien est illisible : elle n'a pas été ouverte.",
        (LinkRefused, Vi) => "Không đọc được ván cờ trong liên kết nên ván đó không được mở.",
        (LinkRefused, Zh) => "无法读取链接中的对局，未打开。",
        (OtherTab, En) => "The game went on in another tab: this is where it stands now.",
        (OtherTab, Fr) => "La partie a continué dans un autre onglet : la voici où elle en est.",
        (OtherTab, Vi) => "Ván cờ đã được tiếp tục ở một thẻ khác: đây là thế cờ hiện tại.",
        (OtherTab, Zh) => "对局已在另一个标签页中继续：这是当前局面。",
        (CapturedFaceDown, En) => "Captured face-down pieces:",
        (CapturedFaceDown, Fr) => "Pièces cachées prises :",
        (CapturedFaceDown, Vi) => "Quân úp bị ăn:",
        (CapturedFaceDown, Zh) => "被吃的暗子：",
        (Unknown, En) => "unknown",
        (Unknown, Fr) => "inconnue",
        (Unknown, Vi) => "không rõ",
        (Unknown, Zh) => "未知",
        (Easy, En) => "AI · Easy",
        (Easy, Fr) => "Ordinateur · Facile",
        (Easy, Vi) => "Máy · Dễ",
        (Easy, Zh) => "电脑 · 简单",
        (Medium, En) => "AI · Medium",
        (Medium, Fr) => "Ordinateur · Moyen",
        (Medium, Vi) => "Máy · Trung bình",
        (Medium, Zh) => "电脑 · 中等",
        (Hard, En) => "AI · Hard",
        (Hard, Fr) => "Ordinateur · Difficile",
        (Hard, Vi) => "Máy · Khó",
        (Hard, Zh) => "电脑 · 困难",
        (TwoPlayers, En) => "Two players on this device",
        (TwoPlayers, Fr) => "Deux joueurs sur cet appareil",
        (TwoPlayers, Vi) => "Hai người trên máy này",
        (TwoPlayers, Zh) => "本机双人对弈",
        (Random, En) => "Random",
        (Random, Fr) => "Au hasard",
        (Random, Vi) => "Ngẫu nhiên",
        (Random, Zh) => "随机",
        (Off, En) => "Off",
        (Off, Fr) => "Aucune",
        (Off, Vi) => "Tắt",
        (Off, Zh) => "关",
        (Fast, En) => "Fast",
        (Fast, Fr) => "Rapide",
        (Fast, Vi) => "Nhanh",
        (Fast, Zh) => "快",
        (Normal, En) => "Normal",
        (Normal, Fr) => "Normale",
        (Normal, Vi) => "Bình thường",
        (Normal, Zh) => "中",
        (Slow, En) => "Slow",
        (Slow, Fr) => "Lente",
        (Slow, Vi) => "Chậm",
        (Slow, Zh) => "慢",
        (Beginner, En) => "AI · Beginner",
        (Beginner, Fr) => "Ordinateur · Débutant",
        (Beginner, Vi) => "Máy · Nhập môn",
        (Beginner, Zh) => "电脑 · 入门",
        (LevelDescBeginner, En) => "Makes real mistakes: a first win for newcomers",
        (LevelDescBeginner, Fr) => "Commet de vraies fautes : une première victoire pour les débutants",
        (LevelDescBeginner, Vi) => "Có mắc lỗi thật: giúp người mới thắng ván đầu tiên",
        (LevelDescBeginner, Zh) => "会真的犯错：新手也能赢下第一局",
        (LevelDescEasy, En) => "Plays quickly and loosely",
        (LevelDescEasy, Fr) => "Joue vite et sans trop réfléchir",
        (LevelDescEasy, Vi) => "Đi nhanh, không chặt chẽ",
        (LevelDescEasy, Zh) => "走得快，下得随意",
        (LevelDescMedium, En) => "A solid club player",
        (LevelDescMedium, Fr) => "Un joueur de club solide",
        (LevelDescMedium, Vi) => "Ngang một kỳ thủ câu lạc bộ vững tay",
        (LevelDescMedium, Zh) => "稳健的业余棋手水平",
        (LevelDescHard, En) => "Full strength, about a second a move",
        (LevelDescHard, Fr) => "Toute sa force, environ une seconde par coup",
        (LevelDescHard, Vi) => "Toàn lực, khoảng một giây mỗi nước",
        (LevelDescHard, Zh) => "全力以赴，每步约一秒",
        (You, En) => "You",
        (You, Fr) => "Vous",
        (You, Vi) => "Bạn",
        (You, Zh) => "你",
        (Ai, En) => "AI",
        (Ai, Fr) => "Ordinateur",
        (Ai, Vi) => "Máy",
        (Ai, Zh) => "电脑",
        (HowToPlay, En) => "How to play",
        (HowToPlay, Fr) => "Comment jouer",
        (HowToPlay, Vi) => "Cách chơi",
        (HowToPlay, Zh) => "玩法说明",
        (Close, En) => "Close",
        (Close, Fr) => "Fermer",
        (Close, Vi) => "Đóng",
        (Close, Zh) => "关闭",
        (Flip, En) => "Flip board",
        (Flip, Fr) => "Retourner le plateau",
        (Flip, Vi) => "Xoay bàn cờ",
        (Flip, Zh) => "翻转棋盘",
        (Theme, En) => "Theme",
        (Theme, Fr) => "Thème",
        (Theme, Vi) => "Giao diện",
        (Theme, Zh) => "主题",
        (ToggleTheme, En) => "Light or dark",
        (ToggleTheme, Fr) => "Clair ou sombre",
        (ToggleTheme, Vi) => "Sáng hoặc tối",
        (ToggleTheme, Zh) => "浅色或深色",
        (ThemeAuto, En) => "Automatic",
        (ThemeAuto, Fr) => "Automatique",
        (ThemeAuto, Vi) => "Tự động",
        (ThemeAuto, Zh) => "自动",
        (ThemeLight, En) => "Light",
        (ThemeLight, Fr) => "Clair",
        (ThemeLight, Vi) => "Sáng",
        (ThemeLight, Zh) => "浅色",
        (ThemeDark, En) => "Dark",
        (ThemeDark, Fr) => "Sombre",
        (ThemeDark, Vi) => "Tối",
        (ThemeDark, Zh) => "深色",
        (RotateForSide, En) => "Two players: turn the board for the side to move",
        (RotateForSide, Fr) => "Deux joueurs : tourner le plateau vers le camp qui joue",
        (RotateForSide, Vi) => "Hai người: xoay bàn cờ về phía bên đến lượt",
        (RotateForSide, Zh) => "双人对弈：棋盘转向走棋的一方",
        (TakebacksLabel, En) => "Take-backs",
        (TakebacksLabel, Fr) => "Reprises de coups",
        (TakebacksLabel, Vi) => "Đi lại",
        (TakebacksLabel, Zh) => "悔棋",
        (TakebacksFair, En) => "Fair",
        (TakebacksFair, Fr) => "Loyales",
        (TakebacksFair, Vi) => "Công bằng",
        (TakebacksFair, Zh) => "公平",
        (TakebacksCasual, En) => "Casual",
        (TakebacksCasual, Fr) => "Libres",
        (TakebacksCasual, Vi) => "Thoải mái",
        (TakebacksCasual, Zh) => "随意",
        (TakebacksOff, En) => "Off",
        (TakebacksOff, Fr) => "Aucune",
        (TakebacksOff, Vi) => "Không cho đi lại",
        (TakebacksOff, Zh) => "不允许",
        (TakebacksFairDesc, En) => "Take back a move, except one that revealed or captured a face-down piece.",
        (TakebacksFairDesc, Fr) => "On peut reprendre un coup, sauf s'il a révélé ou pris une pièce cachée.",
        (TakebacksFairDesc, Vi) => "Được đi lại, trừ nước đã lật hoặc ăn quân úp.",
        (TakebacksFairDesc, Zh) => "可以悔棋，但翻开或吃掉暗子的一步不能悔。",
        (TakebacksCasualDesc, En) => "Take back any move; a reveal taken back is drawn again.",
        (TakebacksCasualDesc, Fr) => "Tout coup peut être repris ; une pièce révélée puis reprise est tirée à nouveau.",
        (TakebacksCasualDesc, Vi) => "Được đi lại mọi nước; quân đã lật nếu đi lại sẽ được bốc lại.",
        (TakebacksCasualDesc, Zh) => "任何一步都能悔；悔掉的翻子会重新随机。",
        (TakebacksOffDesc, En) => "No take-backs: every move counts.",
        (TakebacksOffDesc, Fr) => "Aucune reprise : chaque coup compte.",
        (TakebacksOffDesc, Vi) => "Không được đi lại: nước nào cũng tính.",
        (TakebacksOffDesc, Zh) => "不能悔棋：落子无悔。",
        (TakebackRefused, En) => "Fair take-backs: a move that revealed or captured a face-down piece stays",
        (TakebackRefused, Fr) => "Reprises loyales : un coup qui a révélé ou pris une pièce cachée reste joué",
        (TakebackRefused, Vi) => "Đi lại công bằng: nước đã lật hoặc ăn quân úp thì giữ nguyên",
        (TakebackRefused, Zh) => "公平悔棋：翻开或吃掉暗子的一步不能悔",
        (TakebacksUsed, En) => "Take-backs",
        (TakebacksUsed, Fr) => "Reprises",
        (TakebacksUsed, Vi) => "Số lần đi lại",
        (TakebacksUsed, Zh) => "悔棋次数",
        (TakebacksNone, En) => "No take-backs",
        (TakebacksNone, Fr) => "Aucune reprise",
        (TakebacksNone, Vi) => "Không đi lại lần nào",
        (TakebacksNone, Zh) => "没有悔棋",
        (Clock, En) => "Clock",
        (Clock, Fr) => "Pendule",
        (Clock, Vi) => "Đồng hồ",
        (Clock, Zh) => "计时",
        (NoClock, En) => "No clock",
        (NoClock, Fr) => "Sans pendule",
        (NoClock, Vi) => "Không tính giờ",
        (NoClock, Zh) => "不计时",
        (ConfirmResign, En) => "Resign this game?",
        (ConfirmResign, Fr) => "Abandonner cette partie ?",
        (ConfirmResign, Vi) => "Xin thua ván này?",
        (ConfirmResign, Zh) => "确定认输吗？",
        (YouWon, En) => "You won",
        (YouWon, Fr) => "Vous avez gagné",
        (YouWon, Vi) => "Bạn thắng",
        (YouWon, Zh) => "你赢了",
        (YouLost, En) => "You lost",
        (YouLost, Fr) => "Vous avez perdu",
        (YouLost, Vi) => "Bạn thua",
        (YouLost, Zh) => "你输了",
        (DrawTitle, En) => "Draw",
        (DrawTitle, Fr) => "Partie nulle",
        (DrawTitle, Vi) => "Hòa",
        (DrawTitle, Zh) => "和棋",
        (Rematch, En) => "Rematch",
        (Rematch, Fr) => "Revanche",
        (Rematch, Vi) => "Đấu lại",
        (Rematch, Zh) => "再来一局",
        (Review, En) => "Review",
        (Review, Fr) => "Revoir",
        (Review, Vi) => "Xem lại",
        (Review, Zh) => "复盘",
        (Export, En) => "Export",
        (Export, Fr) => "Exporter",
        (Export, Vi) => "Xuất ván",
        (Export, Zh) => "导出",
        (Import, En) => "Import",
        (Import, Fr) => "Importer",
        (Import, Vi) => "Nhập ván",
        (Import, Zh) => "导入",
        (CopyText, En) => "Copy text",
        (CopyText, Fr) => "Copier le texte",
        (CopyText, Vi) => "Sao chép văn bản",
        (CopyText, Zh) => "复制文本",
        (CopyLink, En) => "Copy link",
        (CopyLink, Fr) => "Copier le lien",
        (CopyLink, Vi) => "Sao chép liên kết",
        (CopyLink, Zh) => "复制链接",
        (Copied, En) => "Copied",
        (Copied, Fr) => "Copié",
        (Copied, Vi) => "Đã sao chép",
        (Copied, Zh) => "已复制",
        (CopyFailed, En) => "Could not copy: select the text and copy it",
        (CopyFailed, Fr) => "Copie impossible : sélectionnez le texte et copiez-le",
        (CopyFailed, Vi) => "Không sao chép được: hãy chọn văn bản và tự sao chép",
        (CopyFailed, Zh) => "无法复制：请选中文本后手动复制",
        (ImportFailed, En) => "This text is not a game the page can read",
        (ImportFailed, Fr) => "Ce texte n'est pas une partie lisible",
        (ImportFailed, Vi) => "Không đọc được ván cờ từ văn bản này",
        (ImportFailed, Zh) => "无法从这段文本读取对局",
        (ShowPercent, En) => "Show %",
        (ShowPercent, Fr) => "Afficher %",
        (ShowPercent, Vi) => "Hiện %",
        (ShowPercent, Zh) => "显示 %",
        (TakenFrom, En) => "Taken from",
        (TakenFrom, Fr) => "Pris aux",
        (TakenFrom, Vi) => "Bị ăn của",
        (TakenFrom, Zh) => "被吃：",
        (TakenFromRed, En) => "Taken from Red",
        (TakenFromRed, Fr) => "Pris aux Rouges",
        (TakenFromRed, Vi) => "Quân Đỏ bị ăn",
        (TakenFromRed, Zh) => "红方被吃",
        (TakenFromBlack, En) => "Taken from Black",
        (TakenFromBlack, Fr) => "Pris aux Noirs",
        (TakenFromBlack, Vi) => "Quân Đen bị ăn",
        (TakenFromBlack, Zh) => "黑方被吃",
        (WorkerFailed, En) => "The AI stopped answering.",
        (WorkerFailed, Fr) => "L'ordinateur ne répond plus.",
        (WorkerFailed, Vi) => "Máy không trả lời nữa.",
        (WorkerFailed, Zh) => "电脑没有响应。",
        (WorkerRestarting, En) => "Restarting the AI…",
        (WorkerRestarting, Fr) => "Redémarrage de l'ordinateur…",
        (WorkerRestarting, Vi) => "Đang khởi động lại máy…",
        (WorkerRestarting, Zh) => "正在重启电脑…",
        (PlayTwoPlayers, En) => "Play on as two players",
        (PlayTwoPlayers, Fr) => "Continuer à deux joueurs",
        (PlayTwoPlayers, Vi) => "Chơi tiếp hai người",
        (PlayTwoPlayers, Zh) => "改为双人继续",
        (RetryAi, En) => "Try again",
        (RetryAi, Fr) => "Réessayer",
        (RetryAi, Vi) => "Thử lại",
        (RetryAi, Zh) => "重试",
        (SomethingWrong, En) => "Something went wrong. Reload: your game is saved.",
        (SomethingWrong, Fr) => "Un problème est survenu. Rechargez : votre partie est enregistrée.",
        (SomethingWrong, Vi) => "Đã xảy ra lỗi. Hãy tải lại: ván cờ của bạn đã được lưu.",
        (SomethingWrong, Zh) => "出错了。请重新载入：对局已保存。",
        (Reload, En) => "Reload",
        (Reload, Fr) => "Recharger",
        (Reload, Vi) => "Tải lại",
        (Reload, Zh) => "重新载入",
        (ThinkingFor, En) => "Thinking…",
        (ThinkingFor, Fr) => "Réflexion…",
        (ThinkingFor, Vi) => "Đang nghĩ…",
        (ThinkingFor, Zh) => "思考中…",
        (GameFinished, En) => "The game is over",
        (GameFinished, Fr) => "La partie est terminée",
        (GameFinished, Vi) => "Ván cờ đã kết thúc",
        (GameFinished, Zh) => "对局已结束",
        (NotYourMove, En) => "Not your move now",
        (NotYourMove, Fr) => "Ce n’est pas à vous de jouer",
        (NotYourMove, Vi) => "Chưa đến lượt bạn",
        (NotYourMove, Zh) => "现在不该你走",
        (NoTakebackAfterEnd, En) => "A finished game cannot be taken back",
        (NoTakebackAfterEnd, Fr) => "Une partie terminée ne se reprend pas",
        (NoTakebackAfterEnd, Vi) => "Ván đã kết thúc thì không đi lại được",
        (NoTakebackAfterEnd, Zh) => "对局结束后不能悔棋",
        (TimeLow, En) => "Low on time",
        (TimeLow, Fr) => "Plus beaucoup de temps",
        (TimeLow, Vi) => "Sắp hết giờ",
        (TimeLow, Zh) => "时间不多了",
        (GameControls, En) => "Game controls",
        (GameControls, Fr) => "Commandes de la partie",
        (GameControls, Vi) => "Điều khiển ván cờ",
        (GameControls, Zh) => "对局操作",
        (MoveList, En) => "Move list",
        (MoveList, Fr) => "Liste des coups",
        (MoveList, Vi) => "Danh sách nước đi",
        (MoveList, Zh) => "着法列表",
        (FirstPosition, En) => "First position",
        (FirstPosition, Fr) => "Position de départ",
        (FirstPosition, Vi) => "Thế cờ ban đầu",
        (FirstPosition, Zh) => "开局局面",
        (PreviousMove, En) => "Previous move",
        (PreviousMove, Fr) => "Coup précédent",
        (PreviousMove, Vi) => "Nước trước",
        (PreviousMove, Zh) => "上一步",
        (NextMove, En) => "Next move",
        (NextMove, Fr) => "Coup suivant",
        (NextMove, Vi) => "Nước sau",
        (NextMove, Zh) => "下一步",
        (CurrentPosition, En) => "Current position",
        (CurrentPosition, Fr) => "Position actuelle",
        (CurrentPosition, Vi) => "Thế cờ hiện tại",
        (CurrentPosition, Zh) => "当前局面",
        (TakenBack, En) => "Move taken back",
        (TakenBack, Fr) => "Coup repris",
        (TakenBack, Vi) => "Đã đi lại nước cờ",
        (TakenBack, Zh) => "已悔棋",
        (TakenBackBoth, En) => "Your move and the AI's reply taken back",
        (TakenBackBoth, Fr) => "Votre coup et la réponse de l'IA sont repris",
        (TakenBackBoth, Vi) => "Đã đi lại nước của bạn và nước đáp của máy",
        (TakenBackBoth, Zh) => "已悔棋：你的一步和电脑的回应",
    }
}

/// Key names used in `data-i18n` attributes of index.html.
pub fn key_from_name(name: &str) -> Option<Key> {
    use Key::*;
    Some(match name {
        "new-game" => NewGame,
        "undo" => Undo,
        "hint" => Hint,
        "resign" => Resign,
        "moves" => Moves,
        "face-down" => FaceDown,
        "captured" => Captured,
        "settings" => Settings,
        "rules" => Rules,
        "opponent" => Opponent,
        "side" => Side,
        "pieces" => Pieces,
        "language" => Language,
        "notation" => Notation,
        "sound" => Sound,
        "animation" => Animation,
        "coordinates" => Coordinates,
        "cancel" => Cancel,
        "start" => Start,
        "ok" => Ok,
        "game-over" => GameOver,
        "red" => Red,
        "black" => Black,
        "easy" => Easy,
        "medium" => Medium,
        "hard" => Hard,
        "two-players" => TwoPlayers,
        "random" => Random,
        "off" => Off,
        "fast" => Fast,
        "normal" => Normal,
        "slow" => Slow,
        "beginner" => Beginner,
        "level-desc-beginner" => LevelDescBeginner,
        "level-desc-easy" => LevelDescEasy,
        "level-desc-medium" => LevelDescMedium,
        "level-desc-hard" => LevelDescHard,
        "you" => You,
        "ai" => Ai,
        "how-to-play" => HowToPlay,
        "close" => Close,
        "flip" => Flip,
        "theme" => Theme,
        "toggle-theme" => ToggleTheme,
        "theme-auto" => ThemeAuto,
        "theme-light" => ThemeLight,
        "theme-dark" => ThemeDark,
        "rotate-for-side" => RotateForSide,
        "takebacks-label" => TakebacksLabel,
        "takebacks-fair" => TakebacksFair,
        "takebacks-casual" => TakebacksCasual,
        "takebacks-off" => TakebacksOff,
        "takebacks-fair-desc" => TakebacksFairDesc,
        "takebacks-casual-desc" => TakebacksCasualDesc,
        "takebacks-off-desc" => TakebacksOffDesc,
        "takeback-refused" => TakebackRefused,
        "takebacks-used" => TakebacksUsed,
        "takebacks-none" => TakebacksNone,
        "clock" => Clock,
        "no-clock" => NoClock,
        "confirm-resign" => ConfirmResign,
        "you-won" => YouWon,
        "you-lost" => YouLost,
        "draw-title" => DrawTitle,
        "rematch" => Rematch,
        "review" => Review,
        "export" => Export,
        "import" => Import,
        "copy-text" => CopyText,
        "copy-link" => CopyLink,
        "copied" => Copied,
        "copy-failed" => CopyFailed,
        "import-failed" => ImportFailed,
        "show-percent" => ShowPercent,
        "taken-from" => TakenFrom,
        "taken-from-red" => TakenFromRed,
        "taken-from-black" => TakenFromBlack,
        "worker-failed" => WorkerFailed,
        "worker-restarting" => WorkerRestarting,
        "play-two-players" => PlayTwoPlayers,
        "retry-ai" => RetryAi,
        "something-wrong" => SomethingWrong,
        "reload" => Reload,
        "thinking-for" => ThinkingFor,
        "game-finished" => GameFinished,
        "no-takeback-after-end" => NoTakebackAfterEnd,
        "time-low" => TimeLow,
        "game-controls" => GameControls,
        "move-list" => MoveList,
        "first-position" => FirstPosition,
        "previous-move" => PreviousMove,
        "next-move" => NextMove,
        "current-position" => CurrentPosition,
        _ => return None,
    })
}

impl Key {
    /// The key named by a `data-i18n` (or `data-i18n-label`) attribute.
    pub fn from_name(name: &str) -> Option<Key> {
        key_from_name(name)
    }
}

/// One sentence on what playing against `level` is like.
pub fn level_desc(lang: Lang, level: Level) -> &'static str {
    let key = match level {
        Level::Beginner => Key::LevelDescBeginner,
        Level::Easy => Key::LevelDescEasy,
        Level::Medium => Key::LevelDescMedium,
        Level::Hard => Key::LevelDescHard,
    };
    t(lang, key)
}

/// The how-to-play page: (heading, paragraph) sections, for the xiangqi
/// board's games or (`chess`) for chess and hidden chess. Levels and
/// take-backs are the same for both.
pub fn help(lang: Lang, chess: bool) -> Vec<(&'static str, &'static str)> {
    let (xiangqi, own) = match lang {
        Lang::En => (HELP_EN, HELP_CHESS_EN),
        Lang::Fr => (HELP_FR, HELP_CHESS_FR),
        Lang::Vi => (HELP_VI, HELP_CHESS_VI),
        Lang::Zh => (HELP_ZH, HELP_CHESS_ZH),
    };
    if !chess {
        return xiangqi.to_vec();
    }
    // The chess sections, with levels and take-backs before the notation.
    let (rules, notation) = own.split_at(own.len() - 1);
    let shared = xiangqi.get(HELP_SHARED).unwrap_or_default();
    rules
        .iter()
        .chain(shared)
        .chain(notation)
        .copied()
        .collect()
}

/// The sections of the xiangqi help that say the same for chess.
const HELP_SHARED: std::ops::Range<usize> = 4..6;

const HELP_CHESS_EN: &[(&str, &str)] = &[
    (
        "Chess",
        "8 × 8 board; White moves first. King: one square any way. Rook: any distance along a line; bishop: along a diagonal; queen: either. Knight: two squares then one to the side, jumping. Pawn: one square forward (two from its start), capturing one diagonally forward. Castle by moving the king two squares towards an unmoved rook (or onto it) if the squares between are empty and the king is not in check and crosses no attacked square. A pawn that just moved two squares can be taken en passant by a pawn beside it, on the next move only. A pawn on the last rank promotes (a picker opens).",
    ),
    (
        "Hidden chess",
        "The kings start face up, the other pieces face down and shuffled on their side's start squares. A face-down piece moves as the piece of its start square (the letter in its corner) and is revealed by its first move, drawn then from its side's unseen pieces: nothing to peek at. Castling reveals the corner piece. Only the capturer learns what a captured face-down piece was.",
    ),
    (
        "Winning and draws",
        "Checkmate wins; resigning or running out of time loses. Draws: stalemate, a position repeated three times, fifty moves each without a capture or pawn move, or too little material to mate (a face-down piece can mate).",
    ),
    (
        "Move notation",
        "Standard notation: K Q R B N for the pieces, none for a pawn, x for a capture (e4, Nf3, Bxc6, O-O, e8=Q, + check, # mate); a face-down mover takes its start square's letter. Type moves the same way in any case, or as coordinates (e2e4).",
    ),
];

const HELP_CHESS_FR: &[(&str, &str)] = &[
    (
        "Échecs",
        "Échiquier 8 × 8 ; les Blancs commencent. Roi : une case dans tous les sens. Tour : toute distance en ligne ; fou : en diagonale ; dame : les deux. Cavalier : deux cases puis une de côté, en sautant. Pion : une case en avant (deux depuis son départ), prend en diagonale vers l'avant. On roque en déplaçant le roi de deux cases vers une tour qui n'a pas bougé (ou sur elle) si les cases entre eux sont vides et que le roi n'est pas en échec ni ne traverse une case attaquée. Un pion qui vient d'avancer de deux cases peut être pris en passant par un pion voisin, au coup suivant seulement. Un pion sur la dernière rangée est promu (un choix s'ouvre).",
    ),
    (
        "Échecs cachés",
        "Les rois commencent visibles, les autres pièces face cachée, mélangées sur les cases de départ de leur camp. Une pièce cachée se déplace comme la pièce de sa case de départ (la lettre dans son coin) et se révèle à son premier coup, tirée alors parmi les pièces pas encore vues de son camp : rien à espionner. Le roque révèle la pièce du coin. Seul le preneur apprend ce qu'était une pièce cachée prise.",
    ),
    (
        "Gagner et partie nulle",
        "Le mat gagne ; abandonner ou dépasser son temps fait perdre. Nulle : pat, position répétée trois fois, cinquante coups de chaque camp sans prise ni coup de pion, ou matériel insuffisant pour mater (une pièce cachée peut mater).",
    ),
    (
        "Notation des coups",
        "Notation standard aux lettres anglaises : K roi, Q dame, R tour, B fou, N cavalier, rien pour un pion, x pour une prise (e4, Nf3, Bxc6, O-O, e8=Q, + échec, # mat) ; une pièce cachée prend la lettre de sa case de départ. Tapez les coups ainsi, majuscules ou minuscules, ou en coordonnées (e2e4).",
    ),
];

const HELP_CHESS_VI: &[(&str, &str)] = &[
    (
        "Cờ vua",
        "Bàn 8 × 8; Trắng đi trước. Vua: một ô mọi hướng. Xe: đi thẳng bao xa cũng được; tượng: đi chéo; hậu: cả hai. Mã: hai ô rồi một ô sang bên, nhảy qua quân. Tốt: tiến một ô (hai ô từ ô xuất phát), ăn chéo một ô về phía trước. Nhập thành: đi vua hai ô về phía một xe chưa đi (hoặc lên xe đó) nếu các ô giữa trống, vua không bị chiếu và không đi qua ô bị tấn công. Tốt vừa tiến hai ô có thể bị tốt bên cạnh bắt qua đường, chỉ ở nước kế tiếp. Tốt tới hàng cuối được phong cấp (hiện bảng chọn).",
    ),
    (
        "Cờ vua úp",
        "Hai vua ngửa sẵn, các quân khác úp và xáo ở các ô xuất phát của bên mình. Quân úp đi như quân của ô xuất phát (chữ ở góc) và lật lên sau nước đầu tiên, lúc đó mới bốc trong số quân chưa lộ của bên mình: không có gì để nhìn trộm. Nhập thành lật quân ở góc. Chỉ bên ăn biết quân úp bị ăn là gì.",
    ),
    (
        "Thắng và hòa",
        "Chiếu hết là thắng; xin thua hoặc hết giờ là thua. Hòa: hết nước mà không bị chiếu, thế cờ lặp lại ba lần, mỗi bên năm mươi nước không ăn quân và không đi tốt, hoặc không đủ quân chiếu hết (quân úp có thể chiếu hết).",
    ),
    (
        "Ghi nước đi",
        "Ký hiệu chuẩn bằng chữ tiếng Anh: K vua, Q hậu, R xe, B tượng, N mã, tốt không có chữ, x khi ăn (e4, Nf3, Bxc6, O-O, e8=Q, + chiếu, # chiếu hết); quân úp mang chữ của ô xuất phát. Nhập nước đi như vậy, chữ hoa hay thường, hoặc bằng tọa độ (e2e4).",
    ),
];

const HELP_CHESS_ZH: &[(&str, &str)] = &[
    (
        "国际象棋",
        "8 × 8 棋盘，白方先走。王：向任意方向走一格。车：沿直线走任意距离；象：沿斜线；后：两者皆可。马：走两格再横一格（日字），可越子。兵：向前一格（起始格可走两格），斜向前一格吃子。易位：王向未动过的车走两格（或走到车上），须两者之间无子、王未被将军且不经过受攻击的格子。刚走两格的兵可被旁边的兵吃过路兵，仅限下一步。兵到底线升变（弹出选择）。",
    ),
    (
        "暗国际象棋",
        "双方的王明摆，其余棋子打乱后暗放在己方起始格上。暗子按其起始格棋子的走法行走（角上的字母），第一步走完即翻开，此时才从该方未出现的棋子中抽出：没有什么可偷看。易位会翻开角上的子。被吃的暗子只有吃子方知道是什么。",
    ),
    (
        "胜负与和棋",
        "将死获胜；认输或超时判负。和棋：逼和、同一局面出现三次、双方各五十步无吃子也无兵的移动、或子力不足以将死（暗子可以将死）。",
    ),
    (
        "记谱",
        "标准记谱，用英文字母：K 王、Q 后、R 车、B 象、N 马，兵不写，吃子写 x（e4、Nf3、Bxc6、O-O、e8=Q、+ 将军、# 将死）；暗子用其起始格棋子的字母。输入着法同样写法，大小写均可，或用坐标（e2e4）。",
    ),
];

const HELP_EN: &[(&str, &str)] = &[
    (
        "The board and pieces",
        "Two armies face each other on the 90 points of a 9 × 10 board; Red moves first. General: one step along a line, inside its palace; the two generals may never face each other on an open file. Advisor: one diagonal step in the palace. Elephant: two diagonal steps, blocked by a piece on the point between, never across the river. Horse: one step straight then one diagonally outward, blocked by a piece next to it. Chariot: any distance along a line. Cannon: moves like a chariot, but captures only by jumping exactly one piece. Soldier: one step forward; once across the river, also sideways.",
    ),
    (
        "Face-down pieces",
        "In Jieqi and Cờ úp only the generals start face up. Each side's other 15 pieces are shuffled and placed face down on the usual start points. A face-down piece moves as the piece of its start point and turns face up at the end of its first move; from then on it moves as what it is. Its identity is drawn at random when it is revealed, so there is nothing to peek at. Face-up advisors and elephants may leave the palace and cross the river; the general stays in its palace.",
    ),
    (
        "Capturing a face-down piece",
        "Jieqi: the capturer learns what it was, and everyone learns it when the game ends. Cờ úp · ChessPlayX: nobody learns it, not even in the replay. Cờ úp · Vietnam: only the capturer learns it. Xiangqi: no hidden pieces.",
    ),
    (
        "Winning and draws",
        "Checkmate wins, and so does leaving the other side without a legal move. The third repetition of a position is a draw; in Jieqi and Xiangqi the side keeping up a perpetual check loses, otherwise the side keeping up a perpetual chase of one piece. 120 plies without progress (no capture; some rule sets also count reveals or soldier moves) are a draw. Resigning or running out of time loses.",
    ),
    (
        "Levels",
        "Beginner makes real mistakes: a first win for newcomers. Easy plays quickly and loosely. Medium is a solid club player. Hard plays at full strength, about a second a move.",
    ),
    (
        "Take-backs",
        "Fair: you may take back a move, except one that revealed or captured a face-down piece, which would let you peek. Casual: any move; a reveal taken back is drawn again. Off: no take-backs. The result shows how many were used.",
    ),
    (
        "Move notation",
        "WXF: piece, file, then + forward, − back or . across, then the new file or the distance (C2.5, H8+7); files are numbered 1 to 9 from each player's right. Chinese: 炮二平五, with Chinese numerals for Red and Arabic numerals for Black. Vietnamese: P2-5, M8.7 (. forward, / back, - across). A face-down mover is marked X, 暗 or U (XC2.5, 暗炮二平五, UP2-5), and the piece it turned into is shown as a badge in the move list. You can also type coordinates: h2e2.",
    ),
];

const HELP_FR: &[(&str, &str)] = &[
    (
        "Le plateau et les pièces",
        "Deux armées s'affrontent sur les 90 points d'un plateau de 9 × 10 ; les Rouges commencent. Général : un pas en ligne, dans son palais ; les deux généraux ne peuvent jamais se faire face sur une colonne vide. Conseiller : un pas en diagonale dans le palais. Éléphant : deux pas en diagonale, bloqué par une pièce sur le point intermédiaire, sans traverser la rivière. Cheval : un pas droit puis un en diagonale vers l'extérieur, bloqué par une pièce qui le touche. Char : en ligne, de toute distance. Canon : se déplace comme le char mais ne prend qu'en sautant exactement une pièce. Soldat : un pas en avant ; après la rivière, aussi de côté.",
    ),
    (
        "Les pièces cachées",
        "Au Jieqi et au Cờ úp, seuls les généraux commencent face visible. Les 15 autres pièces de chaque camp sont mélangées et posées face cachée sur les points de départ habituels. Une pièce cachée se déplace comme la pièce de son point de départ et se retourne à la fin de son premier coup ; ensuite elle joue selon ce qu'elle est. Son identité est tirée au hasard au moment où elle se révèle : il n'y a rien à espionner. Conseillers et éléphants révélés peuvent quitter le palais et traverser la rivière ; le général reste dans son palais.",
    ),
    (
        "Prendre une pièce cachée",
        "Jieqi : celui qui prend apprend ce qu'elle était, et tout le monde l'apprend à la fin de la partie. Cờ úp · ChessPlayX : personne ne l'apprend, même pas dans la relecture. Cờ úp · Vietnam : seul celui qui prend l'apprend. Xiangqi : aucune pièce cachée.",
    ),
    (
        "Gagner et partie nulle",
        "On gagne par mat, ou quand l'adversaire n'a plus de coup légal. La troisième répétition d'une position est nulle ; au Jieqi et au Xiangqi, le camp qui fait un échec perpétuel perd, sinon celui qui poursuit sans fin une même pièce. 120 demi-coups sans progrès (aucune prise ; certaines règles comptent aussi les révélations ou les coups de soldat) donnent la nulle. Abandonner ou dépasser son temps fait perdre.",
    ),
    (
        "Niveaux",
        "Débutant commet de vraies fautes : une première victoire pour les nouveaux venus. Facile joue vite et sans trop réfléchir. Moyen est un joueur de club solide. Difficile joue de toute sa force, environ une seconde par coup.",
    ),
    (
        "Reprises de coups",
        "Loyales : on peut reprendre un coup, sauf s'il a révélé ou pris une pièce cachée, ce qui permettrait d'espionner. Libres : tout coup ; une pièce révélée puis reprise est tirée à nouveau. Aucune : pas de reprise. Le résultat indique combien de reprises ont servi.",
    ),
    (
        "Notation des coups",
        "WXF : pièce, colonne, puis + en avant, − en arrière ou . de côté, puis la nouvelle colonne ou la distance (C2.5, H8+7) ; les colonnes sont numérotées de 1 à 9 depuis la droite de chaque joueur. Chinoise : 炮二平五, chiffres chinois pour les Rouges et arabes pour les Noirs. Vietnamienne : P2-5, M8.7 (. en avant, / en arrière, - de côté). Une pièce cachée qui joue est marquée X, 暗 ou U (XC2.5, 暗炮二平五, UP2-5), et la pièce révélée apparaît en badge dans la liste des coups. On peut aussi taper des coordonnées : h2e2.",
    ),
];

const HELP_VI: &[(&str, &str)] = &[
    (
        "Bàn cờ và quân cờ",
        "Hai bên đối đầu trên 90 giao điểm của bàn cờ 9 × 10; bên Đỏ đi trước. Tướng: đi một bước ngang hoặc dọc trong cung; hai tướng không được đối mặt trên một cột trống. Sĩ: đi chéo một bước trong cung. Tượng: đi chéo hai bước, bị cản nếu có quân ở điểm giữa, không qua sông. Mã: một bước thẳng rồi một bước chéo ra ngoài, bị cản nếu có quân đứng sát. Xe: đi thẳng bao xa cũng được. Pháo: đi như xe, nhưng chỉ ăn quân khi nhảy qua đúng một quân. Tốt: đi thẳng một bước; qua sông thì được đi ngang.",
    ),
    (
        "Quân úp",
        "Trong Jieqi và cờ úp chỉ có hai tướng được ngửa từ đầu. 15 quân còn lại của mỗi bên được xáo trộn và úp lên các vị trí xuất phát quen thuộc. Quân úp đi theo quân của vị trí nó đứng và được lật lên khi kết thúc nước đi đầu tiên; từ đó nó đi theo đúng quân của mình. Quân được bốc ngẫu nhiên ngay lúc lật, nên không có gì để nhìn trộm. Sĩ và tượng đã lật được ra khỏi cung và qua sông; tướng vẫn ở trong cung.",
    ),
    (
        "Ăn quân úp",
        "Jieqi: bên ăn biết đó là quân gì, và cả hai bên biết khi hết ván. Cờ úp · ChessPlayX: không ai biết, kể cả khi xem lại. Cờ úp · Việt Nam: chỉ bên ăn biết. Cờ tướng: không có quân úp.",
    ),
    (
        "Thắng và hòa",
        "Chiếu hết là thắng, khiến đối phương hết nước đi cũng thắng. Một thế cờ lặp lại lần thứ ba là hòa; trong Jieqi và cờ tướng, bên chiếu mãi bị xử thua, nếu không thì bên đuổi bắt mãi một quân bị xử thua. 120 nước (mỗi bên 60) không tiến triển (không ăn quân; vài luật còn tính cả lật quân hoặc đi tốt) là hòa. Xin thua hoặc hết giờ là thua.",
    ),
    (
        "Cấp độ",
        "Nhập môn có mắc lỗi thật: giúp người mới thắng ván đầu tiên. Dễ đi nhanh, không chặt chẽ. Trung bình ngang một kỳ thủ câu lạc bộ vững tay. Khó chơi toàn lực, khoảng một giây mỗi nước.",
    ),
    (
        "Đi lại",
        "Công bằng: được đi lại, trừ nước đã lật hoặc ăn quân úp, vì như thế là nhìn trộm. Thoải mái: đi lại mọi nước; quân đã lật nếu đi lại sẽ được bốc lại. Không cho đi lại: mọi nước đều tính. Kết quả cho biết đã đi lại bao nhiêu lần.",
    ),
    (
        "Ghi nước đi",
        "WXF: quân, cột, rồi + tiến, − lui hoặc . ngang, rồi cột mới hoặc số bước (C2.5, H8+7); các cột đánh số 1 đến 9 từ bên phải của mỗi người chơi. Kiểu Trung Quốc: 炮二平五, số chữ Hán cho Đỏ và số Ả Rập cho Đen. Kiểu Việt Nam: P2-5, M8.7 (. tiến, / lui, - ngang). Quân úp đi được đánh dấu X, 暗 hoặc U (XC2.5, 暗炮二平五, UP2-5), và quân lật ra hiện thành nhãn nhỏ trong danh sách nước đi. Bạn cũng có thể nhập tọa độ: h2e2.",
    ),
];

const HELP_ZH: &[(&str, &str)] = &[
    (
        "棋盘与棋子",
        "双方在 9 × 10 共 90 个交叉点上对弈，红方先走。将帅：在九宫内直走一步；两将不能在同一条没有隔子的直线上照面。士：在九宫内斜走一步。象：斜走两步（田字），象眼有子则不能走，不能过河。马：先直走一步再向外斜走一步，马腿有子则不能走。车：直线走任意距离。炮：走法同车，吃子时必须隔一子。兵卒：向前一步，过河后也可横走。",
    ),
    (
        "暗子",
        "揭棋和越南 Cờ úp 开局时只有将帅是明子。双方其余 15 个棋子打乱后背面朝上放在原来的位置上。暗子按所在原位的棋子走法走，走完第一步就翻开，之后按真实身份行棋。棋子的身份在翻开时才随机决定，所以没有什么可以偷看。翻开的士、象可以离开九宫、过河；将帅始终不出九宫。",
    ),
    (
        "吃掉暗子",
        "揭棋：吃子方知道被吃的是什么，对局结束时双方都知道。Cờ úp · ChessPlayX：谁都不知道，复盘时也不显示。Cờ úp · 越南：只有吃子方知道。象棋：没有暗子。",
    ),
    (
        "胜负与和棋",
        "将死对方获胜，使对方无子可走也获胜。同一局面第三次出现为和棋；揭棋和象棋中，长将的一方判负，否则长捉同一个子的一方判负。连续 120 步（单方各 60 步）没有进展（无吃子；部分规则还把翻子或兵卒移动算作进展）为和棋。认输或超时判负。",
    ),
    (
        "难度",
        "入门：会真的犯错，新手也能赢下第一局。简单：走得快，下得随意。中等：稳健的业余棋手水平。困难：全力以赴，每步约一秒。",
    ),
    (
        "悔棋",
        "公平：可以悔棋，但翻开或吃掉暗子的一步不能悔，否则等于偷看。随意：任何一步都能悔，悔掉的翻子会重新随机。不允许：落子无悔。结果中会显示悔棋次数。",
    ),
    (
        "记谱",
        "WXF：棋子、纵线，再用 + 进、− 退、. 平，最后是新纵线或步数（C2.5、H8+7）；纵线从各自右边起数 1 到 9。中文：炮二平五，红方用中文数字，黑方用阿拉伯数字。越南记法：P2-5、M8.7（. 进，/ 退，- 平）。暗子走棋时标 X、暗 或 U（XC2.5、暗炮二平五、UP2-5），翻出的棋子在棋谱中以小标记显示。也可以直接输入坐标：h2e2。",
    ),
];

pub fn color(lang: Lang, c: Color) -> &'static str {
    t(
        lang,
        if c == Color::Red {
            Key::Red
        } else {
            Key::Black
        },
    )
}

/// A xiangqi-family rule set's name, as the how-to-play names it in each
/// language (the proper names stay as they are).
pub fn rules_name(lang: Lang, r: RuleSet) -> &'static str {
    match (lang, r) {
        (Lang::Vi, RuleSet::Vietnam) => "Cờ úp · Việt Nam",
        (Lang::Vi, RuleSet::Xiangqi) => "Cờ tướng",
        (Lang::Zh, RuleSet::Jieqi) => "揭棋",
        (Lang::Zh, RuleSet::Vietnam) => "Cờ úp · 越南",
        (Lang::Zh, RuleSet::Xiangqi) => "象棋",
        _ => r.name(),
    }
}

pub fn reason(lang: Lang, r: Reason) -> &'static str {
    use Lang::*;
    use Reason::*;
    match (r, lang) {
        (Checkmate, En) => "checkmate",
        (Checkmate, Fr) => "mat",
        (Checkmate, Vi) => "chiếu hết",
        (Checkmate, Zh) => "将死",
        (NoLegalMove, En) => "no legal move",
        (NoLegalMove, Fr) => "aucun coup légal",
        (NoLegalMove, Vi) => "hết nước đi",
        (NoLegalMove, Zh) => "困毙",
        (Repetition, En) => "threefold repetition",
        (Repetition, Fr) => "triple répétition",
        (Repetition, Vi) => "lặp lại ba lần",
        (Repetition, Zh) => "三次重复",
        (PerpetualCheck, En) => "perpetual check",
        (PerpetualCheck, Fr) => "échec perpétuel",
        (PerpetualCheck, Vi) => "chiếu mãi",
        (PerpetualCheck, Zh) => "长将",
        (PerpetualChase, En) => "perpetual chase",
        (PerpetualChase, Fr) => "poursuite perpétuelle",
        (PerpetualChase, Vi) => "đuổi bắt mãi",
        (PerpetualChase, Zh) => "长捉",
        (NoProgress, En) => "no-progress limit",
        (NoProgress, Fr) => "limite sans progrès",
        (NoProgress, Vi) => "quá số nước không tiến triển",
        (NoProgress, Zh) => "自然限着",
        (Resignation, En) => "resignation",
        (Resignation, Fr) => "abandon",
        (Resignation, Vi) => "xin thua",
        (Resignation, Zh) => "认输",
        (Time, En) => "time",
        (Time, Fr) => "temps",
        (Time, Vi) => "hết giờ",
        (Time, Zh) => "超时",
        (Forfeit, En) => "forfeit",
        (Forfeit, Fr) => "forfait",
        (Forfeit, Vi) => "xử thua",
        (Forfeit, Zh) => "判负",
    }
}

pub fn role(lang: Lang, r: crate::rules::Role) -> &'static str {
    use crate::rules::Role::*;
    use Lang::*;
    match (r, lang) {
        (General, En) => "general",
        (General, Fr) => "général",
        (General, Vi) => "tướng",
        (General, Zh) => "将帅",
        (Advisor, En) => "advisor",
        (Advisor, Fr) => "conseiller",
        (Advisor, Vi) => "sĩ",
        (Advisor, Zh) => "士",
        (Elephant, En) => "elephant",
        (Elephant, Fr) => "éléphant",
        (Elephant, Vi) => "tượng",
        (Elephant, Zh) => "象",
        (Horse, En) => "horse",
        (Horse, Fr) => "cheval",
        (Horse, Vi) => "mã",
        (Horse, Zh) => "马",
        (Chariot, En) => "chariot",
        (Chariot, Fr) => "char",
        (Chariot, Vi) => "xe",
        (Chariot, Zh) => "车",
        (Cannon, En) => "cannon",
        (Cannon, Fr) => "canon",
        (Cannon, Vi) => "pháo",
        (Cannon, Zh) => "炮",
        (Soldier, En) => "soldier",
        (Soldier, Fr) => "soldat",
        (Soldier, Vi) => "tốt",
        (Soldier, Zh) => "兵卒",
    }
}

/// The accessible name of a captured face-down piece that only its
/// capturer, `side` (as the strips name it), may look at between two
/// players; once `shown`, the identity comes first.
pub fn peek_label(lang: Lang, side: &str, shown: Option<&str>) -> String {
    match (lang, shown) {
        (Lang::En, None) => format!("Captured face-down piece, for {side} only: tap to see"),
        (Lang::En, Some(n)) => format!("{n}, captured face-down piece, for {side} only"),
        (Lang::Fr, _) => {
            // Chess sides are plural (les Blancs); xiangqi ones are names (Rouge).
            let to = if side.ends_with('s') { "aux" } else { "à" };
            match shown {
                None => format!("Pièce cachée prise, réservée {to} {side} : touchez pour voir"),
                Some(n) => format!("{n}, pièce cachée prise, réservée {to} {side}"),
            }
        }
        (Lang::Vi, None) => format!("Quân úp bị ăn, chỉ bên {side} được xem: chạm để xem"),
        (Lang::Vi, Some(n)) => format!("{n}, quân úp bị ăn, chỉ bên {side} được xem"),
        (Lang::Zh, None) => format!("被吃的暗子，仅{side}可看：点击查看"),
        (Lang::Zh, Some(n)) => format!("{n}，被吃的暗子，仅{side}可看"),
    }
}

/// What stands on a point or square, as a screen reader says it; French
/// needs the noun's gender for the words that follow ("sélectionnée").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub text: String,
    pub feminine: bool,
}

/// A side's colour as an adjective after a French noun: `white` names the
/// chess board's first side, `feminine` the noun's gender.
fn fr_colour(c: Color, white: bool, feminine: bool) -> &'static str {
    match (c, white, feminine) {
        (Color::Red, false, _) => "rouge",
        (Color::Red, true, false) => "blanc",
        (Color::Red, true, true) => "blanche",
        (Color::Black, _, false) => "noir",
        (Color::Black, _, true) => "noire",
    }
}

/// A xiangqi role's Chinese name as a side's piece is called (帅 and 将,
/// 兵 and 卒...).
fn zh_role(c: Color, r: crate::rules::Role) -> &'static str {
    use crate::rules::Role::*;
    match (r, c) {
        (General, Color::Red) => "帅",
        (General, Color::Black) => "将",
        (Advisor, Color::Red) => "仕",
        (Advisor, Color::Black) => "士",
        (Elephant, Color::Red) => "相",
        (Elephant, Color::Black) => "象",
        (Horse, _) => "马",
        (Chariot, _) => "车",
        (Cannon, _) => "炮",
        (Soldier, Color::Red) => "兵",
        (Soldier, Color::Black) => "卒",
    }
}

/// How a screen reader names what stands on a point: "Red general",
/// "général rouge", "tướng Đỏ", "红帅"; a face-down piece by the role of
/// its start point ("pièce cachée noire sur un point de canon").
pub fn piece(lang: Lang, p: crate::rules::Piece) -> Said {
    let c = p.color;
    let r = role(lang, p.role);
    let (text, feminine) = match (p.hidden, lang) {
        (false, Lang::En) => (format!("{} {r}", color(lang, c)), false),
        (true, Lang::En) => (
            format!(
                "{} face-down piece on {} {r} point",
                color(lang, c),
                if starts_with_vowel(r) { "an" } else { "a" }
            ),
            false,
        ),
        // Every role's noun is masculine.
        (false, Lang::Fr) => (format!("{r} {}", fr_colour(c, false, false)), false),
        (true, Lang::Fr) => (
            format!(
                "pièce cachée {} sur un point {}{r}",
                fr_colour(c, false, true),
                if starts_with_vowel(r) { "d'" } else { "de " }
            ),
            true,
        ),
        (false, Lang::Vi) => (format!("{r} {}", color(lang, c)), false),
        (true, Lang::Vi) => (format!("quân úp {} ở vị trí {r}", color(lang, c)), false),
        (false, Lang::Zh) => (
            format!("{}{}", zh_side(c, false), zh_role(c, p.role)),
            false,
        ),
        (true, Lang::Zh) => (
            format!("{}暗子（{}位）", color(lang, c), zh_role(c, p.role)),
            false,
        ),
    };
    Said { text, feminine }
}

/// Does a word start with a vowel sound ("an elephant", "d'éléphant")?
fn starts_with_vowel(word: &str) -> bool {
    word.chars()
        .next()
        .is_some_and(|c| "aeiouéèêAEIOUÉ".contains(c))
}

/// One character for a side before a Chinese piece name (红帅, 白王).
fn zh_side(c: Color, white: bool) -> &'static str {
    match (c, white) {
        (Color::Red, false) => "红",
        (Color::Red, true) => "白",
        (Color::Black, _) => "黑",
    }
}

/// The label of a point (or square) button: its name, what stands there,
/// then whether it is selected and whether the selected piece may move
/// there ("e1, roi blanc, sélectionné").
pub fn point_label(
    lang: Lang,
    name: &str,
    what: Option<&Said>,
    selected: bool,
    dest: bool,
) -> String {
    let w = words(lang);
    let sep = if lang == Lang::Zh { "，" } else { ", " };
    let mut label = format!("{name}{sep}{}", what.map_or(w.empty, |s| s.text.as_str()));
    if selected {
        let masculine = lang == Lang::Fr && !what.is_some_and(|s| s.feminine);
        let word = if masculine {
            "sélectionné"
        } else {
            w.selected
        };
        label.push_str(sep);
        label.push_str(word);
    }
    if dest {
        label.push_str(sep);
        label.push_str(w.move_here);
    }
    label
}

pub fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words {
            empty: "empty",
            selected: "selected",
            move_here: "can move here",
            revealed: "revealed",
            captured: "captured",
            board: "Board",
            type_move: "Type a move (h2e2 or C2.5)",
            play: "Play",
            bad_move: "Not a legal move here",
            ambiguous_move: "Which move?",
            update: "Update available: reload",
        },
        Lang::Fr => Words {
            empty: "vide",
            selected: "sélectionnée",
            move_here: "destination possible",
            revealed: "révèle",
            captured: "prend",
            board: "Plateau",
            type_move: "Tapez un coup (h2e2 ou C2.5)",
            play: "Jouer",
            bad_move: "Coup illégal ici",
            ambiguous_move: "Quel coup ?",
            update: "Mise à jour disponible : recharger",
        },
        Lang::Vi => Words {
            empty: "trống",
            selected: "đang chọn",
            move_here: "có thể đi tới",
            revealed: "lật ra",
            captured: "ăn",
            board: "Bàn cờ",
            type_move: "Nhập nước đi (h2e2 hoặc P2-5)",
            play: "Đi",
            bad_move: "Nước đi không hợp lệ",
            ambiguous_move: "Nước nào?",
            update: "Có bản mới: tải lại",
        },
        Lang::Zh => Words {
            empty: "空",
            selected: "已选",
            move_here: "可走到此",
            revealed: "翻出",
            captured: "吃",
            board: "棋盘",
            type_move: "输入着法（h2e2 或 炮二平五）",
            play: "走",
            bad_move: "此处不能这样走",
            ambiguous_move: "哪一步？",
            update: "有新版本：重新载入",
        },
    }
}

/// Short words of the accessible layer.
pub struct Words {
    pub empty: &'static str,
    pub selected: &'static str,
    pub move_here: &'static str,
    pub revealed: &'static str,
    pub captured: &'static str,
    pub board: &'static str,
    pub type_move: &'static str,
    pub play: &'static str,
    pub bad_move: &'static str,
    /// Before the texts of the moves an ambiguous typed move could mean.
    pub ambiguous_move: &'static str,
    pub update: &'static str,
}

// ---- chess and hidden chess ----

/// Texts of the chess games (the 8x8 board), in the four languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChessText {
    Chess,
    HiddenChess,
    White,
    WhiteToMove,
    BlackToMove,
    ChoosePromotion,
    Promotion,
    TypeMove,
    /// The group label of the game choice in the new-game dialog.
    JieqiFamily,
    ChessFamily,
    TakenFromWhite,
    /// The how-to-play page's two games.
    HelpXiangqi,
    HelpChess,
}

pub fn chess_text(lang: Lang, k: ChessText) -> &'static str {
    use ChessText::*;
    use Lang::*;
    match (k, lang) {
        (Chess, En) => "Chess",
        (Chess, Fr) => "Échecs",
        (Chess, Vi) => "Cờ vua",
        (Chess, Zh) => "国际象棋",
        (HiddenChess, En) => "Hidden chess",
        (HiddenChess, Fr) => "Échecs cachés",
        (HiddenChess, Vi) => "Cờ vua úp",
        (HiddenChess, Zh) => "暗国际象棋",
        (White, En) => "White",
        (White, Fr) => "Blancs",
        (White, Vi) => "Trắng",
        (White, Zh) => "白方",
        (WhiteToMove, En) => "White to move",
        (WhiteToMove, Fr) => "Aux Blancs de jouer",
        (WhiteToMove, Vi) => "Trắng đi",
        (WhiteToMove, Zh) => "白方走",
        (BlackToMove, En) => "Black to move",
        (BlackToMove, Fr) => "Aux Noirs de jouer",
        (BlackToMove, Vi) => "Đen đi",
        (BlackToMove, Zh) => "黑方走",
        (ChoosePromotion, En) => "Choose the promotion",
        (ChoosePromotion, Fr) => "Choisissez la promotion",
        (ChoosePromotion, Vi) => "Chọn quân phong cấp",
        (ChoosePromotion, Zh) => "选择升变",
        (Promotion, En) => "Promotion",
        (Promotion, Fr) => "Promotion",
        (Promotion, Vi) => "Phong cấp",
        (Promotion, Zh) => "升变",
        (TypeMove, En) => "Type a move (e4, Nf3, e2e4)",
        (TypeMove, Fr) => "Tapez un coup (e4, Nf3, e2e4)",
        (TypeMove, Vi) => "Nhập nước đi (e4, Nf3, e2e4)",
        (TypeMove, Zh) => "输入着法（e4、Nf3、e2e4）",
        (JieqiFamily, En) => "Jieqi family",
        (JieqiFamily, Fr) => "Famille jieqi",
        (JieqiFamily, Vi) => "Họ cờ úp",
        (JieqiFamily, Zh) => "揭棋类",
        (ChessFamily, En) => "Chess family",
        (ChessFamily, Fr) => "Famille échecs",
        (ChessFamily, Vi) => "Họ cờ vua",
        (ChessFamily, Zh) => "国际象棋类",
        (TakenFromWhite, En) => "Taken from White",
        (TakenFromWhite, Fr) => "Pris aux Blancs",
        (TakenFromWhite, Vi) => "Quân Trắng bị ăn",
        (TakenFromWhite, Zh) => "白方被吃",
        (HelpXiangqi, En) => "Jieqi · xiangqi",
        (HelpXiangqi, Fr) => "Jieqi · xiangqi",
        (HelpXiangqi, Vi) => "Cờ úp · cờ tướng",
        (HelpXiangqi, Zh) => "揭棋 · 象棋",
        (HelpChess, En) => "Chess · hidden chess",
        (HelpChess, Fr) => "Échecs · échecs cachés",
        (HelpChess, Vi) => "Cờ vua · cờ vua úp",
        (HelpChess, Zh) => "国际象棋 · 暗国际象棋",
    }
}

/// A side on the chess board: White (who moves first) or Black.
pub fn chess_color(lang: Lang, c: Color) -> &'static str {
    match (c, lang) {
        (Color::Red, _) => chess_text(lang, ChessText::White),
        // The sides of a chess game are plural in French: les Blancs, les Noirs.
        (Color::Black, Lang::Fr) => "Noirs",
        (Color::Black, _) => t(lang, Key::Black),
    }
}

pub fn chess_kind(lang: Lang, k: crate::rules::chess::Kind) -> &'static str {
    use crate::rules::chess::Kind::*;
    use Lang::*;
    match (k, lang) {
        (Pawn, En) => "pawn",
        (Pawn, Fr) => "pion",
        (Pawn, Vi) => "tốt",
        (Pawn, Zh) => "兵",
        (Knight, En) => "knight",
        (Knight, Fr) => "cavalier",
        (Knight, Vi) => "mã",
        (Knight, Zh) => "马",
        (Bishop, En) => "bishop",
        (Bishop, Fr) => "fou",
        (Bishop, Vi) => "tượng",
        (Bishop, Zh) => "象",
        (Rook, En) => "rook",
        (Rook, Fr) => "tour",
        (Rook, Vi) => "xe",
        (Rook, Zh) => "车",
        (Queen, En) => "queen",
        (Queen, Fr) => "dame",
        (Queen, Vi) => "hậu",
        (Queen, Zh) => "后",
        (King, En) => "king",
        (King, Fr) => "roi",
        (King, Vi) => "vua",
        (King, Zh) => "王",
    }
}

/// How a screen reader names what stands on a square: "White king", "tour
/// blanche", "vua Trắng", "白王"; a face-down piece by the kind of its
/// start square ("White face-down piece on a pawn square": it moves as
/// that piece).
pub fn chess_piece(lang: Lang, p: crate::rules::chess::Piece) -> Said {
    use crate::rules::chess::Kind;
    let c = p.color;
    let k = chess_kind(lang, p.kind);
    let (text, feminine) = match (p.hidden, lang) {
        (false, Lang::En) => (format!("{} {k}", chess_color(lang, c)), false),
        (true, Lang::En) => (
            format!("{} face-down piece on a {k} square", chess_color(lang, c)),
            false,
        ),
        (false, Lang::Fr) => {
            let feminine = matches!(p.kind, Kind::Rook | Kind::Queen);
            (format!("{k} {}", fr_colour(c, true, feminine)), feminine)
        }
        (true, Lang::Fr) => (
            format!(
                "pièce cachée {} sur une case de {k}",
                fr_colour(c, true, true)
            ),
            true,
        ),
        (false, Lang::Vi) => (format!("{k} {}", chess_color(lang, c)), false),
        (true, Lang::Vi) => (format!("quân úp {} ở ô {k}", chess_color(lang, c)), false),
        (false, Lang::Zh) => (format!("{}{k}", zh_side(c, true)), false),
        (true, Lang::Zh) => (format!("{}暗子（{k}位）", chess_color(lang, c)), false),
    };
    Said { text, feminine }
}

pub fn chess_reason(lang: Lang, r: crate::rules::chess::Reason) -> &'static str {
    use crate::rules::chess::Reason as R;
    use Lang::*;
    match (r, lang) {
        (R::Checkmate, En) => "checkmate",
        (R::Checkmate, Fr) => "échec et mat",
        (R::Checkmate, Vi) => "chiếu hết",
        (R::Checkmate, Zh) => "将死",
        (R::Stalemate, En) => "stalemate",
        (R::Stalemate, Fr) => "pat",
        (R::Stalemate, Vi) => "hết nước (hòa pat)",
        (R::Stalemate, Zh) => "逼和",
        (R::Repetition, l) => reason(l, Reason::Repetition),
        (R::FiftyMoves, En) => "fifty-move rule",
        (R::FiftyMoves, Fr) => "règle des cinquante coups",
        (R::FiftyMoves, Vi) => "luật 50 nước",
        (R::FiftyMoves, Zh) => "五十回合规则",
        (R::InsufficientMaterial, En) => "insufficient material",
        (R::InsufficientMaterial, Fr) => "matériel insuffisant",
        (R::InsufficientMaterial, Vi) => "không đủ quân chiếu hết",
        (R::InsufficientMaterial, Zh) => "子力不足",
        (R::Resignation, l) => reason(l, Reason::Resignation),
        (R::Time, l) => reason(l, Reason::Time),
        (R::Forfeit, l) => reason(l, Reason::Forfeit),
    }
}

/// Chess text names used in `data-i18n-chess` attributes of index.html.
pub fn chess_text_from_name(name: &str) -> Option<ChessText> {
    use ChessText::*;
    Some(match name {
        "chess" => Chess,
        "hidden-chess" => HiddenChess,
        "jieqi-family" => JieqiFamily,
        "chess-family" => ChessFamily,
        "help-xiangqi" => HelpXiangqi,
        "help-chess" => HelpChess,
        _ => return None,
    })
}

// ---- hints ----

/// Where the player stands, as a hint's search scores it.
pub fn standing(lang: Lang, s: crate::session::Standing) -> String {
    use crate::session::Standing::*;
    use Lang::*;
    let words = match (s, lang) {
        (Mating(n), En) => return format!("you can mate in {n}"),
        (Mating(n), Fr) => return format!("vous pouvez mater en {n}"),
        (Mating(n), Vi) => return format!("bạn chiếu hết được sau {n} nước"),
        (Mating(n), Zh) => return format!("你可在 {n} 步内将死对方"),
        (Mated(n), En) => return format!("you are mated in {n}"),
        (Mated(n), Fr) => return format!("vous êtes mat en {n}"),
        (Mated(n), Vi) => return format!("bạn sẽ bị chiếu hết sau {n} nước"),
        (Mated(n), Zh) => return format!("你将在 {n} 步内被将死"),
        (Winning, En) => "you are winning",
        (Winning, Fr) => "vous gagnez",
        (Winning, Vi) => "bạn đang thắng thế",
        (Winning, Zh) => "你胜势",
        (Ahead, En) => "you are ahead",
        (Ahead, Fr) => "vous êtes mieux",
        (Ahead, Vi) => "bạn đang ưu thế",
        (Ahead, Zh) => "你占优",
        (SlightlyAhead, En) => "you are slightly ahead",
        (SlightlyAhead, Fr) => "vous êtes un peu mieux",
        (SlightlyAhead, Vi) => "bạn hơi ưu thế",
        (SlightlyAhead, Zh) => "你稍占优",
        (Equal, En) => "the game is level",
        (Equal, Fr) => "la partie est égale",
        (Equal, Vi) => "thế cờ cân bằng",
        (Equal, Zh) => "局面均势",
        (SlightlyBehind, En) => "you are slightly behind",
        (SlightlyBehind, Fr) => "vous êtes un peu moins bien",
        (SlightlyBehind, Vi) => "bạn hơi kém thế",
        (SlightlyBehind, Zh) => "你稍处下风",
        (Behind, En) => "you are behind",
        (Behind, Fr) => "vous êtes moins bien",
        (Behind, Vi) => "bạn đang kém thế",
        (Behind, Zh) => "你处下风",
        (Losing, En) => "you are losing",
        (Losing, Fr) => "vous perdez",
        (Losing, Vi) => "bạn đang thua thế",
        (Losing, Zh) => "你败势",
    };
    words.to_string()
}

/// The hint as a sentence: "Hint: play Nf3 — you are slightly behind
/// (-0.06)"; without a score (no search numbers yet) only the move.
pub fn hint_line(lang: Lang, text: &str, score: Option<i32>) -> String {
    use crate::session::Standing;
    let play = match lang {
        Lang::En => format!("Hint: play {text}"),
        Lang::Fr => format!("Conseil : jouez {text}"),
        Lang::Vi => format!("Gợi ý: đi {text}"),
        Lang::Zh => format!("提示：走 {text}"),
    };
    let Some(score) = score else { return play };
    let words = standing(lang, Standing::of(score));
    match (Standing::pawns(score), lang) {
        (None, Lang::Zh) => format!("{play}，{words}"),
        (None, _) => format!("{play} — {words}"),
        (Some(p), Lang::Fr) => format!("{play} — {words} ({})", p.replace('.', ",")),
        (Some(p), Lang::Zh) => format!("{play}，{words}（{p}）"),
        (Some(p), _) => format!("{play} — {words} ({p})"),
    }
}

/// Looking for a hint, and how deep the search has gone.
pub fn hint_search(lang: Lang, depth: u32) -> String {
    let looking = t(lang, Key::LookingForHint);
    match lang {
        Lang::En => format!("{looking} (depth {depth})"),
        Lang::Fr => format!("{looking} (profondeur {depth})"),
        Lang::Vi => format!("{looking} (độ sâu {depth})"),
        Lang::Zh => format!("{looking}（深度 {depth}）"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Kind, Piece as ChessPiece};
    use crate::rules::{Piece, Role};

    const OTHERS: [Lang; 3] = [Lang::Fr, Lang::Vi, Lang::Zh];

    fn square(lang: Lang, name: &str, p: ChessPiece) -> String {
        point_label(lang, name, Some(&chess_piece(lang, p)), false, false)
    }

    fn point(lang: Lang, name: &str, p: Piece) -> String {
        point_label(lang, name, Some(&piece(lang, p)), false, false)
    }

    #[test]
    fn chess_square_labels_read_naturally() {
        let king = ChessPiece::new(Color::Red, Kind::King);
        let mut hidden = ChessPiece::new(Color::Red, Kind::Pawn);
        hidden.hidden = true;
        let queen = ChessPiece::new(Color::Black, Kind::Queen);
        assert_eq!(square(Lang::En, "e1", king), "e1, White king");
        assert_eq!(
            square(Lang::En, "e2", hidden),
            "e2, White face-down piece on a pawn square"
        );
        assert_eq!(square(Lang::Fr, "e1", king), "e1, roi blanc");
        assert_eq!(
            square(Lang::Fr, "e2", hidden),
            "e2, pièce cachée blanche sur une case de pion"
        );
        assert_eq!(square(Lang::Fr, "d8", queen), "d8, dame noire");
        assert_eq!(square(Lang::Vi, "e1", king), "e1, vua Trắng");
        assert_eq!(square(Lang::Vi, "e2", hidden), "e2, quân úp Trắng ở ô tốt");
        assert_eq!(square(Lang::Zh, "e1", king), "e1，白王");
        assert_eq!(square(Lang::Zh, "d8", queen), "d8，黑后");
        assert_eq!(square(Lang::Zh, "e2", hidden), "e2，白方暗子（兵位）");
    }

    #[test]
    fn xiangqi_point_labels_read_naturally() {
        let general = Piece::new(Color::Red, Role::General);
        let mut cannon = Piece::new(Color::Black, Role::Cannon);
        cannon.hidden = true;
        let soldier = Piece::new(Color::Black, Role::Soldier);
        assert_eq!(point(Lang::En, "e0", general), "e0, Red general");
        assert_eq!(
            point(Lang::En, "b7", cannon),
            "b7, Black face-down piece on a cannon point"
        );
        assert_eq!(point(Lang::Fr, "e0", general), "e0, général rouge");
        assert_eq!(
            point(Lang::Fr, "b7", cannon),
            "b7, pièce cachée noire sur un point de canon"
        );
        assert_eq!(point(Lang::Vi, "e0", general), "e0, tướng Đỏ");
        assert_eq!(
            point(Lang::Vi, "b7", cannon),
            "b7, quân úp Đen ở vị trí pháo"
        );
        assert_eq!(point(Lang::Zh, "e0", general), "e0，红帅");
        assert_eq!(point(Lang::Zh, "a6", soldier), "a6，黑卒");
        assert_eq!(point(Lang::Zh, "b7", cannon), "b7，黑方暗子（炮位）");
        let mut elephant = Piece::new(Color::Red, Role::Elephant);
        elephant.hidden = true;
        assert_eq!(
            point(Lang::En, "c0", elephant),
            "c0, Red face-down piece on an elephant point"
        );
        assert_eq!(
            point(Lang::Fr, "c0", elephant),
            "c0, pièce cachée rouge sur un point d'éléphant"
        );
    }

    #[test]
    fn no_label_puts_a_french_colour_before_its_noun() {
        for c in Color::ALL {
            for k in [
                Kind::Pawn,
                Kind::Knight,
                Kind::Bishop,
                Kind::Rook,
                Kind::Queen,
                Kind::King,
            ] {
                for hidden in [false, true] {
                    let mut p = ChessPiece::new(c, k);
                    p.hidden = hidden;
                    let text = chess_piece(Lang::Fr, p).text;
                    assert!(!text.starts_with(['B', 'N']), "{text}");
                    let text = chess_piece(Lang::Vi, p).text;
                    assert!(!text.starts_with(['T', 'Đ']), "{text}");
                }
            }
        }
    }

    #[test]
    fn french_selected_agrees_with_the_piece() {
        let rook = chess_piece(Lang::Fr, ChessPiece::new(Color::Red, Kind::Rook));
        let knight = chess_piece(Lang::Fr, ChessPiece::new(Color::Black, Kind::Knight));
        assert_eq!(
            point_label(Lang::Fr, "a1", Some(&rook), true, false),
            "a1, tour blanche, sélectionnée"
        );
        assert_eq!(
            point_label(Lang::Fr, "g8", Some(&knight), true, false),
            "g8, cavalier noir, sélectionné"
        );
        assert_eq!(
            point_label(Lang::Fr, "f3", None, false, true),
            "f3, vide, destination possible"
        );
    }

    #[test]
    fn chess_sides_are_both_plural_in_french() {
        assert_eq!(chess_color(Lang::Fr, Color::Red), "Blancs");
        assert_eq!(chess_color(Lang::Fr, Color::Black), "Noirs");
    }

    #[test]
    fn peek_labels_are_translated() {
        let en = peek_label(Lang::En, "Red", None);
        assert_eq!(en, "Captured face-down piece, for Red only: tap to see");
        assert_eq!(
            peek_label(Lang::Fr, "Rouge", None),
            "Pièce cachée prise, réservée à Rouge : touchez pour voir"
        );
        assert_eq!(
            peek_label(Lang::Fr, "Blancs", Some("tour")),
            "tour, pièce cachée prise, réservée aux Blancs"
        );
        assert_eq!(
            peek_label(Lang::Zh, "红方", None),
            "被吃的暗子，仅红方可看：点击查看"
        );
    }

    /// Each tag of the page that carries `attr`, with the whole tag.
    fn tags_with<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
        html.split('<')
            .filter_map(|t| t.split('>').next())
            .filter(|t| t.contains(&format!(" {attr}=")))
            .collect()
    }

    fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(&tag[start..start + tag[start..].find('"')?])
    }

    /// Every accessible name or tooltip the page starts with in English is
    /// translated: it names its key, or the code sets it in the language.
    #[test]
    fn every_label_of_the_page_has_a_translation() {
        let html = include_str!("../../index.html");
        // Set by the code in the page's language.
        let by_code = ["points", "btn-update"];
        let mut seen = 0;
        for name in ["aria-label", "title"] {
            for tag in tags_with(html, name) {
                if tag.starts_with("dialog") || tag.starts_with("iframe") {
                    continue;
                }
                if attr(tag, "id").is_some_and(|id| by_code.contains(&id)) {
                    continue;
                }
                // The promotion buttons are named by `chess_page`.
                if tag.contains("value=\"q\"")
                    || tag.contains("value=\"r\"")
                    || tag.contains("value=\"b\"")
                    || tag.contains("value=\"n\"")
                {
                    continue;
                }
                let key = attr(tag, "data-i18n-label")
                    .or_else(|| attr(tag, "data-i18n-aria").filter(|_| name == "aria-label"))
                    .unwrap_or_else(|| panic!("{name} of <{tag}> is not translated"));
                let key = key_from_name(key).unwrap_or_else(|| panic!("no key {key}"));
                let english = attr(tag, name).unwrap();
                assert_eq!(t(Lang::En, key), english, "<{tag}>");
                for lang in OTHERS {
                    assert_ne!(t(lang, key), english, "<{tag}> in {lang:?}");
                }
                seen += 1;
            }
        }
        assert!(seen >= 10, "{seen}");
    }

    #[test]
    fn take_back_is_announced_in_every_language() {
        assert_eq!(t(Lang::En, Key::TakenBack), "Move taken back");
        for lang in OTHERS {
            assert_ne!(t(lang, Key::TakenBack), t(Lang::En, Key::TakenBack));
        }
    }
}
