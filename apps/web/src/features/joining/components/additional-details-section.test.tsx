import type { CustomQuestion } from '@fieldhouse/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Camel } from '../../../lib/api/client';
import { customQuestionsQueryOptions } from '../api/get-custom-questions';
import type { JourneyAnswers } from '../types';
import { AdditionalDetailsSection } from './additional-details-section';

afterEach(cleanup);

const question = (
  id: number,
  label: string,
  extra: Partial<Camel<CustomQuestion>> = {},
): Camel<CustomQuestion> => ({
  id,
  reference: `q${id}`,
  label,
  type: 'text',
  options: [],
  placeholder: null,
  isRequired: true,
  default: null,
  answer: null,
  ...extra,
});

const questions = [
  question(11, 'Emergency contact'),
  question(12, 'Started training', { type: 'date' }),
  question(13, 'Sports', {
    type: 'multi_select',
    isRequired: false,
    options: [
      { value: 'swim', label: 'Swimming' },
      { value: 'gym', label: 'Gym' },
    ],
  }),
  question(14, 'Heard about us', {
    type: 'select',
    isRequired: false,
    default: 'friend',
    options: [
      { value: 'friend', label: 'A friend' },
      { value: 'web', label: 'Online' },
    ],
  }),
];

function renderSection(answers: JourneyAnswers = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(customQuestionsQueryOptions(5, false).queryKey, questions);
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <AdditionalDetailsSection isLoggedIn={false} membershipTypeId={5} answers={answers} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone };
}

describe('AdditionalDetailsSection (guest)', () => {
  it('validates every question, then hands back the answers without posting', () => {
    const { onDone } = renderSection({ 11: { questionId: 11, answer: 'Grace' } });
    expect((screen.getByLabelText('Emergency contact') as HTMLInputElement).value).toBe('Grace');
    expect((screen.getByLabelText('Heard about us') as HTMLSelectElement).value).toBe('friend');
    fireEvent.change(screen.getByLabelText('Started training'), { target: { value: '32/01/2020' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Date must be valid.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Started training'), { target: { value: '01/02/2020' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gym' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledWith({
      11: { questionId: 11, answer: 'Grace' },
      12: { questionId: 12, answer: '2020-02-01' },
      13: { questionId: 13, answer: ['gym'] },
      14: { questionId: 14, answer: 'friend' },
    });
  });

  it("says '{label} is required.' for required questions left empty", () => {
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Emergency contact is required.')).toBeTruthy();
    expect(screen.getByText('Started training is required.')).toBeTruthy();
  });
});
