"""Places and first names that Through the Window takes as nouns, as its text does ("tree, tiger,
tank, tomato, Texas"): the game's common-noun list has no proper nouns. Countries and the
nations of the United Kingdom, American states, Canadian provinces, continents, seas, mountains
and deserts, well-known cities, and common first names. A name that is also a common noun ("Jack",
"Turkey") is taken as that noun."""

PLACES = """
Afghanistan Albania Algeria Andorra Angola Argentina Armenia Australia Austria Azerbaijan
Bahamas Bahrain Bangladesh Barbados Belarus Belgium Belize Benin Bhutan Bolivia Bosnia Botswana
Brazil Brunei Bulgaria Burundi Cambodia Cameroon Canada Chile Colombia Comoros Congo Croatia
Cuba Cyprus Czechia Denmark Djibouti Dominica Ecuador Egypt England Eritrea Estonia Eswatini
Ethiopia Fiji Finland France Gabon Gambia Germany Ghana Greece Grenada Guatemala Guyana Haiti
Honduras Hungary Iceland India Indonesia Iran Iraq Ireland Israel Italy Jamaica Japan Jordan
Kazakhstan Kenya Kiribati Kosovo Kuwait Kyrgyzstan Laos Latvia Lebanon Lesotho Liberia Libya
Liechtenstein Lithuania Luxembourg Madagascar Malawi Malaysia Maldives Mali Malta Mauritania
Mauritius Mexico Micronesia Moldova Monaco Mongolia Montenegro Morocco Mozambique Myanmar Namibia
Nauru Nepal Netherlands Nicaragua Nigeria Norway Oman Pakistan Palau Palestine Panama Paraguay
Peru Philippines Poland Portugal Qatar Romania Russia Rwanda Samoa Scotland Senegal Serbia
Seychelles Singapore Slovakia Slovenia Somalia Spain Sudan Suriname Sweden Switzerland Syria
Taiwan Tajikistan Tanzania Thailand Togo Tonga Trinidad Tunisia Turkmenistan Tuvalu Uganda
Ukraine Uruguay Uzbekistan Vanuatu Vatican Venezuela Vietnam Wales Yemen Zambia Zimbabwe
|New Zealand|North Korea|South Korea|South Africa|South Sudan|Saudi Arabia|Sri Lanka|Sierra Leone|
|San Marino|Costa Rica|El Salvador|Puerto Rico|Papua New Guinea|North Macedonia|
Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Hawaii Idaho
Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota
Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania Tennessee Texas
Utah Vermont Virginia Washington Wisconsin Wyoming
|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Rhode Island|
|South Carolina|South Dakota|West Virginia|
Alberta Manitoba Newfoundland Nunavut Ontario Quebec Saskatchewan Yukon Queensland Tasmania
|British Columbia|Nova Scotia|
Africa Antarctica Asia Europe America Oceania Arctic Scandinavia Siberia Patagonia Sahara
Amazon Andes Alps Himalayas Atlantic Pacific Mediterranean Caribbean Kilimanjaro Everest Nile
Thames Danube Mississippi Kalahari Gobi Atacama Sicily Sardinia Corsica Crete Cornwall Yorkshire
Kent Essex Norfolk Suffolk Tuscany Bavaria Normandy Provence Transylvania Tibet Jersey Tahiti
Amsterdam Athens Atlanta Auckland Baghdad Baltimore Bangkok Barcelona Beijing Beirut Belfast
Berlin Birmingham Bogota Boston Brisbane Bristol Brussels Bucharest Budapest Cairo Calgary
Cambridge Canberra Caracas Cardiff Chicago Copenhagen Dallas Delhi Denver Detroit Dhaka Dresden
Dubai Dublin Edinburgh Edmonton Eindhoven Florence Frankfurt Fresno Fukuoka Geneva Glasgow
Hamburg Hanoi Havana Helsinki Hollywood Honolulu Houston Istanbul Jaipur Jakarta Jeddah
Jerusalem Johannesburg Juneau Kabul Kampala Karachi Kathmandu Khartoum Kigali Kingston Kinshasa
Kolkata Kyiv Kyoto Lagos Lima Lisbon Liverpool London Madrid Manchester Manila Marseille
Melbourne Memphis Miami Milan Montreal Moscow Mumbai Munich Nagasaki Nagoya Nairobi Nanjing
Nantes Naples Nashville Newcastle Norwich Osaka Oslo Ottawa Oxford Paris Perth Philadelphia
Phoenix Prague Quito Reykjavik Riyadh Rome Rotterdam Salzburg Santiago Seattle Seoul Seville
Shanghai Sofia Stockholm Stuttgart Sydney Taipei Tallinn Tampa Tbilisi Tehran Tianjin Tokyo
Toledo Toronto Tripoli Tucson Tunis Vancouver Venice Vienna Warsaw Wellington Yerevan Yokohama
Zagreb Zurich
|Buenos Aires|Cape Town|Hong Kong|Kuala Lumpur|Las Vegas|Los Angeles|New Orleans|El Paso|
|Rio de Janeiro|San Francisco|Sao Paulo|Tel Aviv|
"""

FIRST_NAMES = """
Aaron Abigail Adam Adrian Aisha Alan Albert Alexander Alfie Alice Alison Amanda Amelia Amy
Andrew Angela Anna Anne Anthony Arthur Ava Barbara Benjamin Bernard Beth Brian Bruce Carl
Carlos Caroline Catherine Charles Charlie Charlotte Chloe Christopher Claire Daniel David
Deborah Dennis Diana Donald Dorothy Edward Eleanor Elena Eli Elijah Elizabeth Ella Ellen Emily
Emma Eric Erin Ethan Eva Evan Evelyn Ezra Fatima Felix Fernando Fiona Frances Francis
Freddie Frederick Freya George Hannah Harry Helen Henry Hugo Ian Isaac Isabel Isla Ivan Jacob
James Jamie Jane Jasmine Jason Jennifer Jessica Joan John Jonathan Joseph Joshua Judith Julia
Julian Justin Karen Kate Katherine Keira Keith Kenneth Kenji Kevin Khalid Kim Kyle Kylie Laura
Leo Liam Lily Linda Lucy Luke Margaret Maria Martha Mary Matthew Mia Michael Mohammed Nadia
Nancy Naomi Natalie Nathan Neil Nicholas Nicole Nina Noah Nora Norman Oliver Olivia Oscar Owen
Patrick Paul Peter Philip Priya Quentin Queenie Quincy Rachel Rebecca Richard Robert Ruth Ryan
Samuel Sara Sarah Scott Sean Sophie Stephen Steven Susan Tara Teresa Theo Thomas Timothy Tina
Tom Tony Tyler Ursula Victor Victoria Vincent Wendy William Xavier Yasmin Yusuf Zachary Zara Zoe
"""


def _names(text: str) -> list[str]:
    """The names of a list: one a word, or several words between bars ('|New York|')."""
    out: list[str] = []
    for line in text.split("\n"):
        out += [part for part in line.strip("|").split("|") if part] if "|" in line else line.split()
    return out


PROPER_NOUNS: tuple[str, ...] = tuple(dict.fromkeys(_names(PLACES) + _names(FIRST_NAMES)))
