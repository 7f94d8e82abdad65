/*
 * Lucid factories for tests: each builds a valid row with realistic values, and the
 * relationships tests need (a room with its building, an application with its tenant).
 */
import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import User from '#models/user'
import Building from '#models/building'
import Room from '#models/room'
import Application from '#models/application'
import Payment from '#models/payment'
import MaintenanceRequest from '#models/maintenance_request'
import Review from '#models/review'

/**
 * Faker's addresses repeat within a long run (thousands of users in the fuzz suite), and the
 * column is unique: a number kept for the process makes each one new.
 */
let userNumber = 0

export const UserFactory = factory
  .define(User, ({ faker }) => ({
    firebaseUid: faker.string.alphanumeric(28),
    email: faker.internet.email().toLowerCase().replace('@', `.${++userNumber}@`),
    emailVerified: true,
    /* Just checked with Firebase: sessions of factory users are not re-checked in a test. */
    firebaseCheckedAt: Date.now(),
    fullName: faker.person.fullName({ sex: 'female' }),
    username: faker.internet.username().toLowerCase(),
    phone: null,
    photoUrl: null,
    role: 'tenant' as const,
  }))
  .state('admin', (user) => {
    user.role = 'admin'
  })
  .build()

export const BuildingFactory = factory
  .define(Building, ({ faker }) => ({
    nameEn: `${faker.location.street()} Residence ${faker.string.alphanumeric(6)}`,
    nameAr: 'سكن تجريبي',
    addressEn: `${faker.location.streetAddress()}, Riyadh`,
    addressAr: 'شارع تجريبي، الرياض',
    zone: faker.helpers.arrayElement(['north', 'east', 'central', 'university'] as const),
    latitude: faker.number.float({ min: 24.55, max: 24.95 }),
    longitude: faker.number.float({ min: 46.55, max: 46.85 }),
    isFullyManaged: false,
  }))
  .build()

export const RoomFactory = factory
  .define(Room, ({ faker }) => ({
    roomNumber: String(faker.number.int({ min: 100, max: 99999 })),
    priceHalalas: faker.number.int({ min: 5, max: 40 }) * 100 * 100,
    sizeM2: faker.number.int({ min: 9, max: 28 }),
    typeEn: null,
    typeAr: null,
    descriptionEn: faker.lorem.sentence(),
    descriptionAr: 'غرفة مريحة.',
    availability: true,
    occupancyRate: 50,
    createdAt: DateTime.now(),
  }))
  .relation('building', () => BuildingFactory)
  .build()

/*
 * A week from today in Riyadh, never past this month: a stay opened from it begins in the
 * current month, so a test paying this month's rent pays a month of her stay on any day.
 */
function moveInNextWeek(): DateTime {
  const today = DateTime.now().setZone('Asia/Riyadh').startOf('day')
  return DateTime.min(today.plus({ days: 7 }), today.endOf('month').startOf('day'))
}

export const ApplicationFactory = factory
  .define(Application, () => ({
    status: 'pending' as const,
    moveInDate: moveInNextWeek(),
    additionalInfo: null,
    documentKey: null,
    documentContentType: null,
  }))
  .relation('user', () => UserFactory)
  .relation('room', () => RoomFactory)
  .build()

export const PaymentFactory = factory
  .define(Payment, ({ faker }) => ({
    amountHalalas: 150000,
    currency: 'SAR' as const,
    method: 'creditCard' as const,
    monthCovered: '2026-11',
    gatewayPaymentId: faker.string.uuid(),
    status: 'completed' as const,
    paymentDate: DateTime.now(),
  }))
  .build()

export const MaintenanceRequestFactory = factory
  .define(MaintenanceRequest, () => ({
    title: 'Leaking tap',
    description: 'The bathroom tap keeps dripping at night.',
    category: 'plumbing' as const,
    priority: 'medium' as const,
    status: 'pending' as const,
  }))
  .build()

export const ReviewFactory = factory
  .define(Review, ({ faker }) => ({
    key: faker.string.alphanumeric(12),
    rating: 5,
    commentEn: faker.lorem.sentence(),
    commentAr: 'تجربة رائعة.',
    authorNameEn: faker.person.fullName({ sex: 'female' }),
    authorNameAr: 'نورة',
    authorTitleEn: null,
    authorTitleAr: null,
    avatarKey: null,
    featured: true,
  }))
  .build()
