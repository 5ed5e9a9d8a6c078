package accounts

// WithPasswordVerify returns a Service that checks passwords with verify
// instead of password.Verify, so a test can count (or slow down) the checks.
func (s *Service) WithPasswordVerify(verify func(plain, encoded string) (bool, error)) *Service {
	c := s.WithClock(s.now)
	c.verify = verify
	return c
}
