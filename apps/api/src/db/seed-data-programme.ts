/** Demo data: the programme every venue runs (most venues run four in five of these activities). */

export type ActivitySeed = {
  name: string;
  description: string;
  category: string;
  locationName: string;
  price: number;
  capacity: number;
  durationMinutes: number;
  times: string[];
  cancellationCutoffHours: number;
  cancellationAwardsCredit: boolean;
  needsPool?: boolean;
  /** Attendees must have signed a waiver. */
  requiresWaiver?: boolean;
  /** Places one booking may take (a court for several players); 1 when absent. */
  maxPlacesPerBooking?: number;
};

export const DEMO_ACTIVITIES: ActivitySeed[] = [
  {
    name: 'Spin',
    description: 'High-energy indoor cycling to music.',
    category: 'Cycling',
    locationName: 'Studio 1',
    price: 650,
    capacity: 20,
    durationMinutes: 45,
    times: ['06:30', '18:15'],
    cancellationCutoffHours: 2,
    cancellationAwardsCredit: true,
  },
  {
    name: 'Yoga',
    description: 'Vinyasa flow for all levels.',
    category: 'Mind & Body',
    locationName: 'Studio 2',
    price: 700,
    capacity: 18,
    durationMinutes: 60,
    times: ['09:30', '19:30'],
    cancellationCutoffHours: 2,
    cancellationAwardsCredit: true,
  },
  {
    name: 'Body Pump',
    description: 'Barbell workout for strength and endurance.',
    category: 'Strength',
    locationName: 'Studio 1',
    price: 650,
    capacity: 25,
    durationMinutes: 55,
    times: ['12:15', '17:30'],
    cancellationCutoffHours: 2,
    cancellationAwardsCredit: true,
    requiresWaiver: true,
  },
  {
    name: 'HIIT',
    description: 'Short, sharp interval training.',
    category: 'Cardio',
    locationName: 'Studio 1',
    price: 600,
    capacity: 20,
    durationMinutes: 30,
    times: ['07:15'],
    cancellationCutoffHours: 2,
    cancellationAwardsCredit: true,
  },
  {
    name: 'Pilates',
    description: 'Core strength, posture and flexibility.',
    category: 'Mind & Body',
    locationName: 'Studio 2',
    price: 700,
    capacity: 16,
    durationMinutes: 50,
    times: ['11:00'],
    cancellationCutoffHours: 4,
    cancellationAwardsCredit: true,
  },
  {
    name: 'Badminton Court',
    description: 'One court for up to four players; rackets available at reception.',
    category: 'Court Hire',
    locationName: 'Sports Hall',
    price: 1200,
    capacity: 4,
    durationMinutes: 60,
    times: ['19:00', '20:00'],
    cancellationCutoffHours: 24,
    cancellationAwardsCredit: false,
    maxPlacesPerBooking: 4,
  },
  {
    name: 'Aqua Fit',
    description: 'A low-impact workout in the water.',
    category: 'Aquatics',
    locationName: 'Main Pool',
    price: 550,
    capacity: 30,
    durationMinutes: 45,
    times: ['10:00'],
    cancellationCutoffHours: 2,
    cancellationAwardsCredit: true,
    needsPool: true,
  },
  {
    name: 'Lane Swimming',
    description: 'Slow, medium and fast lanes.',
    category: 'Aquatics',
    locationName: 'Main Pool',
    price: 450,
    capacity: 40,
    durationMinutes: 60,
    times: ['07:00', '20:00'],
    cancellationCutoffHours: 1,
    cancellationAwardsCredit: true,
    needsPool: true,
  },
  {
    name: 'Adult Swimming Lessons',
    description: 'Small-group lessons for improvers.',
    category: 'Swimming Lessons',
    locationName: 'Learner Pool',
    price: 900,
    capacity: 8,
    durationMinutes: 30,
    times: ['18:00'],
    cancellationCutoffHours: 48,
    cancellationAwardsCredit: false,
    needsPool: true,
  },
];
