/**
 * A throwaway stand-in for the rooms API (issue 3's contract), for developing the site
 * before the real API exists in the tree. Not used by builds or tests on main.
 *
 *   PORT=3999 node dev/fake-api.mjs
 *
 * Photos are drawn as SVG room illustrations (served under the contract's .jpg names).
 */
import { createServer } from 'node:http'

const port = Number(process.env.PORT ?? 3999)

const buildings = [
  {
    id: 1,
    name_en: 'Al Yasmin Residence',
    name_ar: 'سكن الياسمين',
    address_en: 'Anas Ibn Malik Rd, Al Yasmin, Riyadh 13325',
    address_ar: 'طريق أنس بن مالك، حي الياسمين، الرياض 13325',
    zone: 'north',
    amenities: ['wifi', 'security', 'femaleOnly', 'laundry', 'transportation', 'studyArea'],
    latitude: 24.8247,
    longitude: 46.6401,
    isFullyManaged: true,
  },
  {
    id: 2,
    name_en: 'Olaya Gardens House',
    name_ar: 'دار حدائق العليا',
    address_en: 'Olaya St, Al Olaya, Riyadh 12214',
    address_ar: 'شارع العليا، حي العليا، الرياض 12214',
    zone: 'central',
    amenities: ['wifi', 'security', 'femaleOnly', 'sharedKitchen', 'commonArea'],
    latitude: 24.6995,
    longitude: 46.6855,
    isFullyManaged: true,
  },
  {
    id: 3,
    name_en: 'University Gate Residence',
    name_ar: 'سكن بوابة الجامعة',
    address_en: 'Prince Turki Ibn Abdulaziz Rd, University District, Riyadh 12372',
    address_ar: 'طريق الأمير تركي بن عبدالعزيز، حي الجامعة، الرياض 12372',
    zone: 'university',
    amenities: [
      'wifi',
      'security',
      'femaleOnly',
      'transportation',
      'studyArea',
      'laundry',
      'sharedKitchen',
    ],
    latitude: 24.7232,
    longitude: 46.6197,
    isFullyManaged: false,
  },
  {
    id: 4,
    name_en: 'Al Rawdah Court',
    name_ar: 'مجمع الروضة',
    address_en: 'Khalid Ibn Al Walid Rd, Al Rawdah, Riyadh 13211',
    address_ar: 'طريق خالد بن الوليد، حي الروضة، الرياض 13211',
    zone: 'east',
    amenities: ['security', 'femaleOnly', 'laundry', 'commonArea', 'privateRestroom'],
    latitude: 24.7341,
    longitude: 46.7752,
    isFullyManaged: false,
  },
  {
    id: 5,
    name_en: 'Hittin Heights',
    name_ar: 'مرتفعات حطين',
    address_en: 'Al Imam Saud Ibn Faisal Rd, Hittin, Riyadh 13512',
    address_ar: 'طريق الإمام سعود بن فيصل، حي حطين، الرياض 13512',
    zone: 'north',
    amenities: [
      'wifi',
      'security',
      'femaleOnly',
      'transportation',
      'commonArea',
      'sharedKitchen',
      'studyArea',
    ],
    latitude: 24.7634,
    longitude: 46.5999,
    isFullyManaged: true,
  },
]

const types = [
  ['Deluxe Room', 'غرفة فاخرة'],
  ['Studio Room', 'غرفة استوديو'],
  [null, null],
  ['Premium Suite', 'جناح مميز'],
  ['Cozy Room', 'غرفة مريحة'],
]

const descriptions = [
  [
    'A bright, quiet room with a large window facing the courtyard, a comfortable single bed and a study desk. Cleaning of shared areas is included.',
    'غرفة مشرقة وهادئة بنافذة كبيرة تطل على الفناء، مع سرير مفرد مريح ومكتب للدراسة. تنظيف المرافق المشتركة مشمول.',
  ],
  [
    'A calm room with warm lighting, built-in wardrobe and fast Wi-Fi, a short walk from cafés and the metro station.',
    'غرفة هادئة بإضاءة دافئة وخزانة مدمجة وإنترنت سريع، على بعد دقائق سيرًا من المقاهي ومحطة المترو.',
  ],
  [
    'A spacious corner room with its own restroom, air conditioning and plenty of storage. Ideal for students and young professionals.',
    'غرفة زاوية واسعة بدورة مياه خاصة وتكييف ومساحات تخزين وفيرة. مثالية للطالبات والموظفات.',
  ],
]

const allFeatures = ['singleBed', 'privateRestroom', 'desk', 'ac', 'wardrobe', 'wifi']

const rooms = []
let id = 1
for (const building of buildings) {
  for (let n = 0; n < 3; n++) {
    const i = id - 1
    const [type_en, type_ar] = types[i % types.length]
    const [description_en, description_ar] = descriptions[i % descriptions.length]
    const price = 700 + ((i * 370) % 3300)
    const photoCount = i % 7 === 6 ? 0 : 2 + (i % 3)
    const images = Array.from({ length: photoCount }, (_, p) => {
      const key = `room-${String(i + 1).padStart(2, '0')}-${p + 1}`
      return {
        src: `/media/rooms/${key}-1280.jpg`,
        srcset: `/media/rooms/${key}-640.jpg 640w, /media/rooms/${key}-1280.jpg 1280w`,
        width: 1280,
        height: 853,
      }
    })
    rooms.push({
      id,
      roomNumber: String(100 * (n + 1) + building.id),
      price,
      currency: 'SAR',
      createdAt: new Date(Date.UTC(2026, 8, 1 + i * 3, 8)).toISOString(),
      photos: images.map((image) => image.src),
      images,
      description: description_en,
      description_en,
      description_ar,
      features: allFeatures.filter((_, f) => (i + f) % 3 !== 0 || f === 0),
      size: 11 + (i % 6) * 2,
      type: type_en,
      type_en,
      type_ar,
      availability: i % 5 !== 3,
      occupancyRate: [82, 45, 91, 60, 74, 30, 88][i % 7],
      buildingId: building.id,
      building: { ...building, name: building.name_en, address: building.address_en },
    })
    id++
  }
}

const reviews = [
  {
    id: 1,
    rating: 5,
    comment:
      'The building feels safe and the staff answer every message quickly. My room is exactly as in the photos.',
    comment_en:
      'The building feels safe and the staff answer every message quickly. My room is exactly as in the photos.',
    comment_ar: 'المبنى آمن والفريق يرد على كل رسالة بسرعة. غرفتي مطابقة تمامًا للصور.',
    user: {
      avatar: null,
      fullName: 'Haya Al-Otaibi',
      fullName_en: 'Haya Al-Otaibi',
      fullName_ar: 'هيا العتيبي',
      title: 'Medical student',
      title_en: 'Medical student',
      title_ar: 'طالبة طب',
    },
  },
  {
    id: 2,
    rating: 4,
    comment: 'The shuttle to campus is on time every morning and the study room is always quiet.',
    comment_en:
      'The shuttle to campus is on time every morning and the study room is always quiet.',
    comment_ar: 'حافلة الجامعة تصل في موعدها كل صباح، وغرفة الدراسة هادئة دائمًا.',
    user: {
      avatar: null,
      fullName: 'Sara Al-Harbi',
      fullName_en: 'Sara Al-Harbi',
      fullName_ar: 'سارة الحربي',
      title: 'Graduate student',
      title_en: 'Graduate student',
      title_ar: 'طالبة دراسات عليا',
    },
  },
  {
    id: 3,
    rating: 5,
    comment: 'Paying rent online is so easy, and maintenance fixed my AC the same day.',
    comment_en: 'Paying rent online is so easy, and maintenance fixed my AC the same day.',
    comment_ar: 'دفع الإيجار عبر الإنترنت سهل جدًا، وفريق الصيانة أصلح المكيف في اليوم نفسه.',
    user: {
      avatar: null,
      fullName: 'Maha Al-Qahtani',
      fullName_en: 'Maha Al-Qahtani',
      fullName_ar: 'مها القحطاني',
      title: 'Software engineer',
      title_en: 'Software engineer',
      title_ar: 'مهندسة برمجيات',
    },
  },
]

const ZONES = ['north', 'east', 'central', 'university']
const SORTS = ['priceAsc', 'priceDesc', 'newest']

function listRooms(query) {
  const errors = []
  const num = (field) => {
    const raw = query.get(field)
    if (raw === null || raw === '') return undefined
    const value = Number(raw)
    if (!Number.isFinite(value) || value < 0)
      errors.push({ field, rule: 'number', message: `${field} must be a number` })
    return value
  }
  const list = (field, allowed) => {
    const raw = query.get(field)
    if (!raw) return []
    const values = raw.split(',').filter(Boolean)
    for (const v of values)
      if (!allowed.includes(v))
        errors.push({ field, rule: 'enum', message: `Unknown ${field}: ${v}` })
    return values
  }
  const location = query.get('location')
  if (location && location !== 'any-location' && !ZONES.includes(location))
    errors.push({ field: 'location', rule: 'enum', message: 'Unknown location' })
  const priceMin = num('priceMin')
  const priceMax = num('priceMax')
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    errors.push({ field: 'priceMin', rule: 'range', message: 'priceMin must not exceed priceMax' })
  const amenities = list('amenities', [
    'privateRestroom',
    'transportation',
    'wifi',
    'laundry',
    'sharedKitchen',
    'studyArea',
    'commonArea',
    'security',
    'femaleOnly',
  ])
  const features = list('features', allFeatures)
  const availability = query.get('availability')
  if (availability !== null && availability !== 'true' && availability !== 'false')
    errors.push({
      field: 'availability',
      rule: 'boolean',
      message: 'availability must be true or false',
    })
  const sort = query.get('sort') ?? 'newest'
  if (!SORTS.includes(sort)) errors.push({ field: 'sort', rule: 'enum', message: 'Unknown sort' })
  if (errors.length) return { status: 422, body: { message: 'The query is not valid', errors } }

  let result = rooms.filter(
    (room) =>
      (!location || location === 'any-location' || room.building.zone === location) &&
      (priceMin === undefined || room.price >= priceMin) &&
      (priceMax === undefined || room.price <= priceMax) &&
      amenities.every((a) => room.building.amenities.includes(a)) &&
      features.every((f) => room.features.includes(f)) &&
      (availability === null || room.availability === (availability === 'true')) &&
      (query.get('featured') !== 'true' || room.building.isFullyManaged)
  )
  result.sort((a, b) =>
    sort === 'priceAsc'
      ? a.price - b.price || a.id - b.id
      : sort === 'priceDesc'
        ? b.price - a.price || a.id - b.id
        : b.createdAt.localeCompare(a.createdAt) || b.id - a.id
  )
  const total = result.length
  const start = query.has('_start') ? Number(query.get('_start')) : 0
  const end = query.has('_end') ? Number(query.get('_end')) : start + 48
  result = result.slice(start, Math.min(end, start + 48 * 10))
  return { status: 200, body: result, headers: { 'X-Total-Count': String(total) } }
}

const palettes = [
  ['#f3e3d3', '#c9a98a', '#7a9e9f', '#e9d5c0'],
  ['#e8eef0', '#b8a58c', '#d08c60', '#f4efe6'],
  ['#f6e7e1', '#a98f7a', '#8ea58c', '#efe2d6'],
  ['#efe9f3', '#b5a090', '#c9707d', '#f3ece4'],
  ['#e6efe9', '#c4ab8f', '#5f8a8b', '#ede3d3'],
]

/** A simple illustrated bedroom, different per photo key. */
function roomSvg(key) {
  const seed = [...key].reduce((a, c) => a + c.charCodeAt(0), 0)
  const [wall, floor, accent, bed] = palettes[seed % palettes.length]
  const flip = seed % 2 === 0
  const winX = flip ? 760 : 140
  const bedX = flip ? 120 : 620
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 853" width="1280" height="853">
  <defs><linearGradient id="l" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>
  <rect width="1280" height="853" fill="${wall}"/>
  <rect y="600" width="1280" height="253" fill="${floor}"/>
  <rect y="590" width="1280" height="14" fill="#fff" opacity=".6"/>
  <rect x="${winX}" y="120" width="380" height="300" rx="8" fill="#cfe6f2"/>
  <rect x="${winX}" y="120" width="380" height="300" rx="8" fill="url(#l)"/>
  <rect x="${winX + 185}" y="120" width="10" height="300" fill="#fff"/>
  <rect x="${winX - 20}" y="410" width="420" height="16" rx="4" fill="#fff"/>
  <rect x="${bedX}" y="470" width="540" height="170" rx="18" fill="${bed}"/>
  <rect x="${bedX}" y="440" width="540" height="60" rx="18" fill="#fff"/>
  <rect x="${bedX + 30}" y="410" width="150" height="60" rx="20" fill="#fff"/>
  <rect x="${bedX + 190}" y="520" width="350" height="120" rx="14" fill="${accent}" opacity=".85"/>
  <rect x="${bedX - 10}" y="360" width="22" height="280" rx="8" fill="${accent}"/>
  <circle cx="${flip ? 1120 : 160}" cy="470" r="46" fill="${accent}" opacity=".35"/>
  <rect x="${flip ? 1100 : 140}" y="470" width="40" height="170" rx="6" fill="${accent}" opacity=".6"/>
  <text x="40" y="820" font-family="sans-serif" font-size="28" fill="#000" opacity=".25">${key}</text>
</svg>`
}

function send(res, status, body, headers = {}) {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Access-Control-Expose-Headers': 'X-Total-Count',
    ...headers,
  })
  res.end(text)
}

async function readJson(req) {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
  } catch {
    return {}
  }
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const path = url.pathname
  if (process.env.FAKE_API_DELAY)
    await new Promise((r) => setTimeout(r, Number(process.env.FAKE_API_DELAY)))
  if (path === '/api/health') return send(res, 200, { status: 'ok' })
  // The map's tile server, as the API reports it (MAP_TILE_URL=http://127.0.0.1:3999/tiles/{z}/{x}/{y}.png).
  if (path === '/api/config')
    return send(res, 200, { map: { tileUrl: process.env.MAP_TILE_URL || null } })
  if (path === '/api/rooms' && req.method === 'GET') {
    const { status, body, headers } = listRooms(url.searchParams)
    return send(res, status, body, headers)
  }
  const match = /^\/api\/rooms\/([^/]+)$/.exec(path)
  if (match && req.method === 'GET') {
    const room = rooms.find((r) => String(r.id) === match[1])
    return room ? send(res, 200, room) : send(res, 404, { message: 'Room not found' })
  }
  if (path === '/api/reviews' && req.method === 'GET') return send(res, 200, reviews)
  if (path === '/api/newsletter' && req.method === 'POST') {
    const { email } = await readJson(req)
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      return send(res, 422, {
        message: 'The data sent is not valid',
        errors: [{ field: 'email', rule: 'email', message: 'Please enter a valid email address' }],
      })
    /* Like the API: the same answer for a new and a known address. */
    return send(res, 200, { message: 'Thank you! You are subscribed to Sakan news.' })
  }
  // Test hook: add a room "after the build".
  if (path === '/__fake/rooms' && req.method === 'POST') {
    const base = rooms[0]
    const room = {
      ...base,
      id: rooms.length + 1000,
      roomNumber: `9${rooms.length}`,
      createdAt: new Date().toISOString(),
    }
    rooms.push(room)
    return send(res, 201, room)
  }
  const photo = /^\/media\/rooms\/(room-\d+-\d+)-\d+\.jpg$/.exec(path)
  if (photo) {
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' })
    return res.end(roomSvg(photo[1]))
  }
  // Map tiles for trying the map's loaded state offline (MAP_TILE_URL, above).
  const tile = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(path)
  if (tile) {
    const [x, y] = [Number(tile[2]), Number(tile[3])]
    const park = (x * 7 + y * 13) % 5 === 0
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Access-Control-Allow-Origin': '*' })
    return res.end(
      `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#f2efe9"/>${park ? '<rect x="40" y="50" width="120" height="90" rx="10" fill="#d8ead3"/>' : ''}<path d="M0 128H256M128 0V256" stroke="#fff" stroke-width="14"/><path d="M0 40H256M0 210H256M60 0V256M200 0V256" stroke="#fff" stroke-width="6"/></svg>`
    )
  }
  if (path.startsWith('/api/')) return send(res, 404, { message: 'Not found' })
  res.writeHead(404, { 'Content-Type': 'text/plain' })
  res.end('Not found')
})

server.listen(port, '127.0.0.1', () => console.log(`fake API on http://127.0.0.1:${port}`))
