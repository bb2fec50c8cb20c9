// The seed's data tables: the communities of the Gulf's workforce with their names and languages, the places,
// industries and work people write about, and pay by currency. Apart from the drawing of a person, which reads them.
import type { INDUSTRIES, LANGUAGES, LOCATIONS } from '#shared/constants.ts';

export type Industry = (typeof INDUSTRIES)[number];
export type Language = (typeof LANGUAGES)[number];
export type Location = (typeof LOCATIONS)[number];

export interface Community {
  weight: number;
  first: readonly string[];
  last: readonly string[];
  /** Languages of home, picked from besides English. */
  languages: readonly (readonly [Language, number])[];
  englishChance: number;
  /** Nationalities (ISO codes), by share. */
  nationalities: readonly (readonly [string, number])[];
}

// The communities that make most of the Gulf's workforce, roughly by their share.
export const COMMUNITIES: readonly Community[] = [
  {
    // India (Kerala, Tamil Nadu, the north)
    weight: 30,
    first: ['Rahul', 'Anil', 'Suresh', 'Vijay', 'Arjun', 'Deepak', 'Manoj', 'Rajesh', 'Priya', 'Anjali', 'Lakshmi', 'Divya', 'Sreejith', 'Vishnu', 'Arun', 'Kavya', 'Meera', 'Ramesh', 'Sanjay', 'Nikhil', 'Jomon', 'Biju', 'Shibu', 'Reshma', 'Karthik', 'Senthil', 'Murugan', 'Selvi', 'Amit', 'Sunil'],
    last: ['Nair', 'Menon', 'Pillai', 'Kumar', 'Sharma', 'Verma', 'Thomas', 'Varghese', 'Joseph', 'Kurian', 'Iyer', 'Reddy', 'Patel', 'Singh', 'Das', 'Krishnan', 'Subramanian', 'George', 'Mathew', 'Yadav'],
    languages: [['Malayalam', 4], ['Hindi', 5], ['Tamil', 3], ['Urdu', 1]],
    englishChance: 0.8,
    nationalities: [['IN', 1]],
  },
  {
    // Pakistan
    weight: 14,
    first: ['Muhammad', 'Ali', 'Imran', 'Bilal', 'Usman', 'Hamza', 'Asif', 'Tariq', 'Zeeshan', 'Ayesha', 'Fatima', 'Sana', 'Waqas', 'Faisal', 'Naveed', 'Shahid'],
    last: ['Khan', 'Ahmed', 'Hussain', 'Raza', 'Qureshi', 'Malik', 'Butt', 'Chaudhry', 'Iqbal', 'Shah', 'Abbasi', 'Mirza'],
    languages: [['Urdu', 6], ['Hindi', 1]],
    englishChance: 0.65,
    nationalities: [['PK', 1]],
  },
  {
    // Bangladesh
    weight: 10,
    first: ['Rafiq', 'Karim', 'Jahid', 'Sohel', 'Mizanur', 'Abdur', 'Shahin', 'Rubel', 'Nasrin', 'Rina', 'Habib', 'Mamun'],
    last: ['Rahman', 'Islam', 'Hossain', 'Uddin', 'Miah', 'Akter', 'Alam', 'Sarker', 'Chowdhury', 'Begum'],
    languages: [['Bengali', 6], ['Hindi', 1], ['Urdu', 1]],
    englishChance: 0.45,
    nationalities: [['BD', 1]],
  },
  {
    // Nepal and Sri Lanka
    weight: 7,
    first: ['Bikash', 'Ramesh', 'Sujan', 'Prakash', 'Sita', 'Anita', 'Nuwan', 'Kasun', 'Chaminda', 'Dilani', 'Tharindu', 'Roshan'],
    last: ['Gurung', 'Tamang', 'Thapa', 'Shrestha', 'Rai', 'Magar', 'Perera', 'Fernando', 'Silva', 'Jayasuriya', 'Bandara'],
    languages: [['Hindi', 3], ['Other', 4], ['Tamil', 1]],
    englishChance: 0.6,
    nationalities: [['NP', 3], ['LK', 2]],
  },
  {
    // The Philippines
    weight: 14,
    first: ['Maria', 'Jose', 'Mark', 'John Paul', 'Mary Grace', 'Rowena', 'Jennifer', 'Ramon', 'Cristina', 'Joy', 'Ariel', 'Rodel', 'Lovely', 'Jerome', 'Angelica', 'Marvin'],
    last: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Dela Cruz', 'Villanueva', 'Ramos', 'Aquino', 'Castillo', 'Torres', 'Flores', 'Navarro'],
    languages: [['Tagalog', 1]],
    englishChance: 0.95,
    nationalities: [['PH', 1]],
  },
  {
    // Egypt, the Levant, Sudan, Morocco
    weight: 15,
    first: ['Ahmed', 'Mohamed', 'Mahmoud', 'Omar', 'Youssef', 'Khaled', 'Hassan', 'Mostafa', 'Rami', 'Samer', 'Nour', 'Rania', 'Hala', 'Layla', 'Yasmin', 'Tarek', 'Osama', 'Fadi'],
    last: ['Hassan', 'Ibrahim', 'Abdelrahman', 'El Sayed', 'Mansour', 'Haddad', 'Khalil', 'Nasser', 'Saleh', 'Fathy', 'Osman', 'Haddad', 'Al Amin', 'Benali'],
    languages: [['Arabic', 1]],
    englishChance: 0.55,
    nationalities: [['EG', 6], ['JO', 2], ['LB', 1], ['SD', 2], ['MA', 1], ['SY', 1]],
  },
  {
    // East and West Africa
    weight: 10,
    first: ['Chinedu', 'Emeka', 'Oluwaseun', 'Ngozi', 'Kwame', 'Ama', 'Kofi', 'Wanjiru', 'Otieno', 'Achieng', 'Mercy', 'Grace', 'Samuel', 'Abebe', 'Tsegaye', 'Hiwot', 'Joseph', 'Faith'],
    last: ['Okafor', 'Adeyemi', 'Okonkwo', 'Mensah', 'Boateng', 'Owusu', 'Mwangi', 'Kamau', 'Odhiambo', 'Wanjala', 'Tesfaye', 'Bekele', 'Nakato', 'Mugisha'],
    languages: [['Other', 4], ['Arabic', 1]],
    englishChance: 0.9,
    nationalities: [['NG', 3], ['GH', 2], ['KE', 3], ['ET', 2], ['UG', 2]],
  },
];

export const LOCATION_WEIGHTS: readonly (readonly [Location, number])[] = [
  ['Dubai, UAE', 24], ['Abu Dhabi, UAE', 12], ['Sharjah, UAE', 9], ['Ajman, UAE', 4], ['Ras Al Khaimah, UAE', 3],
  ['Fujairah, UAE', 2], ['Umm Al Quwain, UAE', 1], ['Riyadh, Saudi Arabia', 12], ['Jeddah, Saudi Arabia', 8],
  ['Dammam, Saudi Arabia', 5], ['Doha, Qatar', 8], ['Manama, Bahrain', 3], ['Kuwait City, Kuwait', 5], ['Muscat, Oman', 4],
];

export const INDUSTRY_WEIGHTS: readonly (readonly [Industry, number])[] = [
  ['Construction', 18], ['Hospitality', 14], ['Retail', 12], ['Manufacturing', 7], ['Healthcare', 8],
  ['Transportation', 11], ['Cleaning Services', 10], ['Security', 8], ['Warehouse', 9], ['Other', 3],
];

// A few words about the work, by industry: what people write on such profiles.
export const WORK: Record<Industry, readonly string[]> = {
  Construction: ['Steel fixer on high-rise projects', 'Shuttering carpenter, formwork and scaffolding', 'Site foreman for villa and tower projects', 'Mason, block work and plastering', 'Electrician with fit-out and MEP experience', 'Plumber for residential and commercial sites', 'Heavy equipment operator, excavator and loader', 'Welder, certified 6G, pipelines and structures'],
  Hospitality: ['Front desk agent in a five-star hotel', 'Commis chef, continental and Arabic cuisine', 'Barista and coffee shop supervisor', 'Waiter and banquet server', 'Housekeeping attendant and room supervisor', 'Guest relations with resort experience', 'Restaurant cashier and host'],
  Retail: ['Sales associate in a fashion store', 'Cashier and customer service in a hypermarket', 'Store keeper and merchandiser', 'Mobile phone shop salesman', 'Visual merchandiser for mall outlets', 'Supermarket supervisor'],
  Manufacturing: ['Machine operator on a packaging line', 'Quality inspector in a food factory', 'CNC operator and fitter', 'Production helper, aluminium and glass', 'Maintenance technician for plant equipment'],
  Healthcare: ['Registered nurse with DHA licence', 'Caregiver for elderly patients at home', 'Pharmacy assistant', 'Dental assistant', 'Lab technician', 'Physiotherapy assistant'],
  Transportation: ['Heavy truck driver with GCC licence', 'Light vehicle driver, company and school transport', 'Delivery rider with own motorbike', 'Bus driver for staff transport', 'Forklift driver', 'Limousine chauffeur with airport experience'],
  'Cleaning Services': ['Cleaner for offices and villas', 'Housekeeping and deep cleaning', 'Cleaning supervisor for a facility company', 'Pest control technician', 'Laundry and ironing staff'],
  Security: ['Security guard with SIRA licence', 'CCTV operator', 'Security supervisor for a mall', 'Event security and crowd control', 'Lifeguard and safety officer'],
  Warehouse: ['Storekeeper with inventory systems', 'Picker and packer in a logistics centre', 'Warehouse assistant and loader', 'Inventory controller', 'Reach truck operator'],
  Other: ['Office boy and tea maker', 'Gardener and landscaping helper', 'Tailor and alterations', 'Barber and hairdresser', 'Data entry and admin assistant', 'Nanny and housemaid'],
};
export const EXTRAS = ['Ready to join immediately.', 'Transferable visa.', 'Visit visa, available now.', 'Hard working and punctual.', 'Good with customers.', 'Can work night shifts.', 'Own car and driving licence.', 'Team player, quick learner.', 'References available.', 'Looking for a long-term position.'];

/** The country of a place of the location list. */
export const COUNTRY_OF_PLACE: Record<string, string> = { UAE: 'AE', 'Saudi Arabia': 'SA', Qatar: 'QA', Bahrain: 'BH', Kuwait: 'KW', Oman: 'OM' };
export const CURRENCY_OF_COUNTRY: Record<string, string> = { AE: 'AED', SA: 'SAR', QA: 'QAR', BH: 'BHD', KW: 'KWD', OM: 'OMR' };
/** A typical monthly pay in AED, and what one AED is in each currency. */
export const PAY_AED: readonly (readonly [number, number])[] = [[1200, 3], [1800, 4], [2500, 4], [3500, 3], [5000, 2], [8000, 1]];
export const PER_AED: Record<string, number> = { AED: 1, SAR: 1.02, QAR: 0.99, BHD: 0.1, KWD: 0.084, OMR: 0.105 };
