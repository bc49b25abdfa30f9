/** Whether this browser can show the camera at all (a secure page with a camera API). */
export const cameraAvailable = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
