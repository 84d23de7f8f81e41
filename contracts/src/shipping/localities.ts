/**
 * Israeli localities with their Hebrew names, districts (the Ministry of Interior's six districts plus
 * Judea and Samaria) and the coordinates of their centres, as public gazetteers give them (rounded to
 * about 100 m). Reference data for the locations tree, the demo pharmacies and distance tests.
 */
export const DISTRICTS = ['ירושלים', 'הצפון', 'חיפה', 'המרכז', 'תל אביב', 'הדרום', 'יהודה ושומרון'] as const;
export type District = (typeof DISTRICTS)[number];

export interface Locality {
  name: string;
  engName: string;
  district: District;
  lat: number;
  lng: number;
}

export const LOCALITIES: Locality[] = [
  { name: 'ירושלים', engName: 'Jerusalem', district: 'ירושלים', lat: 31.7683, lng: 35.2137 },
  { name: 'בית שמש', engName: 'Beit Shemesh', district: 'ירושלים', lat: 31.747, lng: 34.9881 },
  { name: 'מבשרת ציון', engName: 'Mevaseret Zion', district: 'ירושלים', lat: 31.802, lng: 35.15 },
  { name: 'תל אביב-יפו', engName: 'Tel Aviv-Yafo', district: 'תל אביב', lat: 32.0853, lng: 34.7818 },
  { name: 'חולון', engName: 'Holon', district: 'תל אביב', lat: 32.0158, lng: 34.7874 },
  { name: 'בני ברק', engName: 'Bnei Brak', district: 'תל אביב', lat: 32.0807, lng: 34.8338 },
  { name: 'רמת גן', engName: 'Ramat Gan', district: 'תל אביב', lat: 32.0684, lng: 34.8248 },
  { name: 'בת ים', engName: 'Bat Yam', district: 'תל אביב', lat: 32.0132, lng: 34.748 },
  { name: 'הרצליה', engName: 'Herzliya', district: 'תל אביב', lat: 32.1624, lng: 34.8447 },
  { name: 'גבעתיים', engName: 'Givatayim', district: 'תל אביב', lat: 32.0722, lng: 34.8125 },
  { name: 'רמת השרון', engName: 'Ramat HaSharon', district: 'תל אביב', lat: 32.146, lng: 34.84 },
  { name: 'אור יהודה', engName: 'Or Yehuda', district: 'תל אביב', lat: 32.029, lng: 34.857 },
  { name: 'קריית אונו', engName: 'Kiryat Ono', district: 'תל אביב', lat: 32.0636, lng: 34.8553 },
  { name: 'חיפה', engName: 'Haifa', district: 'חיפה', lat: 32.794, lng: 34.9896 },
  { name: 'חדרה', engName: 'Hadera', district: 'חיפה', lat: 32.434, lng: 34.9196 },
  { name: 'קריית אתא', engName: 'Kiryat Ata', district: 'חיפה', lat: 32.811, lng: 35.113 },
  { name: 'קריית ביאליק', engName: 'Kiryat Bialik', district: 'חיפה', lat: 32.833, lng: 35.085 },
  { name: 'קריית מוצקין', engName: 'Kiryat Motzkin', district: 'חיפה', lat: 32.837, lng: 35.077 },
  { name: 'טירת כרמל', engName: 'Tirat Carmel', district: 'חיפה', lat: 32.76, lng: 34.9717 },
  { name: 'נשר', engName: 'Nesher', district: 'חיפה', lat: 32.7667, lng: 35.04 },
  { name: 'זכרון יעקב', engName: 'Zikhron Yaakov', district: 'חיפה', lat: 32.5707, lng: 34.952 },
  { name: 'אור עקיבא', engName: 'Or Akiva', district: 'חיפה', lat: 32.508, lng: 34.919 },
  { name: 'פרדס חנה-כרכור', engName: 'Pardes Hanna-Karkur', district: 'חיפה', lat: 32.471, lng: 34.97 },
  { name: 'אום אל-פחם', engName: 'Umm al-Fahm', district: 'חיפה', lat: 32.519, lng: 35.153 },
  { name: 'ראשון לציון', engName: 'Rishon LeZion', district: 'המרכז', lat: 31.973, lng: 34.7925 },
  { name: 'פתח תקווה', engName: 'Petah Tikva', district: 'המרכז', lat: 32.084, lng: 34.8878 },
  { name: 'נתניה', engName: 'Netanya', district: 'המרכז', lat: 32.3215, lng: 34.8532 },
  { name: 'רחובות', engName: 'Rehovot', district: 'המרכז', lat: 31.8928, lng: 34.8113 },
  { name: 'כפר סבא', engName: 'Kfar Saba', district: 'המרכז', lat: 32.175, lng: 34.907 },
  { name: 'מודיעין-מכבים-רעות', engName: "Modi'in-Maccabim-Re'ut", district: 'המרכז', lat: 31.898, lng: 35.0104 },
  { name: 'לוד', engName: 'Lod', district: 'המרכז', lat: 31.9516, lng: 34.8953 },
  { name: 'רמלה', engName: 'Ramla', district: 'המרכז', lat: 31.9293, lng: 34.8656 },
  { name: 'רעננה', engName: "Ra'anana", district: 'המרכז', lat: 32.1848, lng: 34.8713 },
  { name: 'הוד השרון', engName: 'Hod HaSharon', district: 'המרכז', lat: 32.15, lng: 34.888 },
  { name: 'יבנה', engName: 'Yavne', district: 'המרכז', lat: 31.8781, lng: 34.7383 },
  { name: 'נס ציונה', engName: 'Ness Ziona', district: 'המרכז', lat: 31.9293, lng: 34.7987 },
  { name: 'ראש העין', engName: "Rosh HaAyin", district: 'המרכז', lat: 32.0956, lng: 34.9566 },
  { name: 'גדרה', engName: 'Gedera', district: 'המרכז', lat: 31.814, lng: 34.779 },
  { name: 'שוהם', engName: 'Shoham', district: 'המרכז', lat: 31.999, lng: 34.947 },
  { name: 'יהוד-מונוסון', engName: 'Yehud-Monosson', district: 'המרכז', lat: 32.033, lng: 34.89 },
  { name: 'אבן יהודה', engName: 'Even Yehuda', district: 'המרכז', lat: 32.27, lng: 34.888 },
  { name: 'טייבה', engName: 'Tayibe', district: 'המרכז', lat: 32.266, lng: 35.01 },
  { name: 'כפר יונה', engName: 'Kfar Yona', district: 'המרכז', lat: 32.317, lng: 34.935 },
  { name: 'נצרת', engName: 'Nazareth', district: 'הצפון', lat: 32.6996, lng: 35.3035 },
  { name: 'נהריה', engName: 'Nahariya', district: 'הצפון', lat: 33.0058, lng: 35.0941 },
  { name: 'עפולה', engName: 'Afula', district: 'הצפון', lat: 32.6078, lng: 35.2897 },
  { name: 'טבריה', engName: 'Tiberias', district: 'הצפון', lat: 32.7922, lng: 35.5312 },
  { name: 'כרמיאל', engName: 'Karmiel', district: 'הצפון', lat: 32.919, lng: 35.295 },
  { name: 'קריית שמונה', engName: 'Kiryat Shmona', district: 'הצפון', lat: 33.2073, lng: 35.5721 },
  { name: 'צפת', engName: 'Safed', district: 'הצפון', lat: 32.9646, lng: 35.496 },
  { name: 'עכו', engName: 'Acre', district: 'הצפון', lat: 32.9281, lng: 35.0818 },
  { name: 'יקנעם עילית', engName: 'Yokneam Illit', district: 'הצפון', lat: 32.659, lng: 35.11 },
  { name: 'מעלות-תרשיחא', engName: "Ma'alot-Tarshiha", district: 'הצפון', lat: 33.017, lng: 35.271 },
  { name: 'מגדל העמק', engName: 'Migdal HaEmek', district: 'הצפון', lat: 32.672, lng: 35.24 },
  { name: 'בית שאן', engName: "Beit She'an", district: 'הצפון', lat: 32.497, lng: 35.496 },
  { name: 'סח׳נין', engName: 'Sakhnin', district: 'הצפון', lat: 32.864, lng: 35.297 },
  { name: 'קצרין', engName: 'Katzrin', district: 'הצפון', lat: 32.992, lng: 35.691 },
  { name: 'באר שבע', engName: "Be'er Sheva", district: 'הדרום', lat: 31.2518, lng: 34.7913 },
  { name: 'אשדוד', engName: 'Ashdod', district: 'הדרום', lat: 31.8014, lng: 34.6435 },
  { name: 'אשקלון', engName: 'Ashkelon', district: 'הדרום', lat: 31.6688, lng: 34.5743 },
  { name: 'אילת', engName: 'Eilat', district: 'הדרום', lat: 29.5577, lng: 34.9519 },
  { name: 'קריית גת', engName: 'Kiryat Gat', district: 'הדרום', lat: 31.61, lng: 34.7642 },
  { name: 'דימונה', engName: 'Dimona', district: 'הדרום', lat: 31.07, lng: 35.03 },
  { name: 'שדרות', engName: 'Sderot', district: 'הדרום', lat: 31.525, lng: 34.5966 },
  { name: 'נתיבות', engName: 'Netivot', district: 'הדרום', lat: 31.4231, lng: 34.5886 },
  { name: 'אופקים', engName: 'Ofakim', district: 'הדרום', lat: 31.3141, lng: 34.6203 },
  { name: 'ערד', engName: 'Arad', district: 'הדרום', lat: 31.2589, lng: 35.2128 },
  { name: 'ירוחם', engName: 'Yeruham', district: 'הדרום', lat: 30.987, lng: 34.929 },
  { name: 'רהט', engName: 'Rahat', district: 'הדרום', lat: 31.393, lng: 34.754 },
  { name: 'קריית מלאכי', engName: 'Kiryat Malakhi', district: 'הדרום', lat: 31.73, lng: 34.745 },
  { name: 'אריאל', engName: 'Ariel', district: 'יהודה ושומרון', lat: 32.104, lng: 35.17 },
  { name: 'מעלה אדומים', engName: "Ma'ale Adumim", district: 'יהודה ושומרון', lat: 31.777, lng: 35.298 },
  { name: 'מודיעין עילית', engName: "Modi'in Illit", district: 'יהודה ושומרון', lat: 31.933, lng: 35.044 },
  { name: 'ביתר עילית', engName: 'Beitar Illit', district: 'יהודה ושומרון', lat: 31.696, lng: 35.115 },
];
