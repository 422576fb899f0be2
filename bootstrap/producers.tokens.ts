import type { AppointmentRepository, ProducerRepository } from '../ports/producers/producer.repositories.ts';
import type { Producers } from '../ports/producers/producers.use-case.ts';
import { token } from './wiring.ts';

/** Producers, their licences and appointments, and identity verification results. Each key is typed by the port bound to it in `producers.module.ts`. */
export const PRODUCERS = {
  ProducerRepository: token<ProducerRepository>('ProducerRepository'),
  AppointmentRepository: token<AppointmentRepository>('AppointmentRepository'),
  Producers: token<Producers>('Producers'),
} as const;
