import { screen } from '@testing-library/preact';
import { expect, it } from 'vitest';
import { renderForReader } from '@/test/render';
import { VideoRecorder } from './video-recorder';

// A page of its own: the simulated page, like an old browser or a page not served over HTTPS, has no camera API and
// no MediaRecorder (video-recorder.test.tsx puts doubles of both in place before loading the recorder).
it('sends a browser that cannot film to a recorded file instead, with nothing to try again', async () => {
  expect(navigator.mediaDevices).toBeUndefined();
  await renderForReader(<VideoRecorder onUse={() => {}} onClose={() => {}} />, { namespaces: ['profile'] });
  expect(screen.getByRole('alert')).toHaveTextContent("This browser cannot record video. Upload a video file you recorded with your phone's camera instead.");
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Start recording' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Camera preview')).not.toBeInTheDocument();
});
